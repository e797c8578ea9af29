
use builtin;
use str;

set edit:completion:arg-completer[wodds] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'wodds'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'wodds'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand odds 'Odds of a single roll: one row per (pool, difficulty)'
            cand sheet 'An odds sheet for the players: pool by difficulty grids of success and botch, editions side by side (Markdown, CSV, printable HTML)'
            cand run 'Play a scenario''s fights, many times, under each of its editions'
            cand action 'Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged'
            cand rules 'What an edition or house rule says, setting by setting (`show`), and how two differ (`diff`)'
            cand compare 'What a rule changes against a base: settings, single roll, actions and scenarios, largest first, with a verdict a scenario'
            cand report 'The whole report: tables (Parquet and CSV), charts and one HTML page comparing the editions'
            cand check 'The regression gate: make a baseline report again and say which odds moved (exit 1 if any did)'
            cand merge 'Add up shards'' parts (`wodds report --shard`, `wodds run --shard`) into what the command writes in one go, byte for byte'
            cand sweep 'What a dot, a weapon or a rule setting is worth: a scenario with one or two values varied, point by point, under each edition'
            cand balance 'Which value of a trait or setting evens a fight, under each edition'
            cand completions 'Shell completions for bash, elvish, fish, PowerShell or zsh, on stdout'
            cand man 'The man page (or, with --out, a page for every subcommand)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'wodds;odds'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand -p 'Dice in the pool: N or a range A-B'
            cand --pool 'Dice in the pool: N or a range A-B'
            cand -d 'Difficulty in the edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range'
            cand --difficulty 'Difficulty in the edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range'
            cand --again 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none'
            cand --unskilled 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --specialty 'The trait rolled has a specialty (what that does is the edition''s rule)'
            cand --willpower 'Spend a Willpower point on each roll (what that does is the edition''s rule)'
            cand --rote 'Rote: dice that fail are rolled again and the better result kept'
            cand --automatic 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;sheet'= {
            cand -e 'Editions side by side, in the order given, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml files'
            cand --editions 'Editions side by side, in the order given, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml files'
            cand -p 'Dice in the pool, a row each: N or A-B. Default: the edition''s smallest pool to 10'
            cand --pool 'Dice in the pool, a row each: N or A-B. Default: the edition''s smallest pool to 10'
            cand -d 'Difficulties, a column each, in each edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range'
            cand --difficulty 'Difficulties, a column each, in each edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range'
            cand --again 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none'
            cand --unskilled 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)'
            cand --format 'Output format: `markdown`, `csv`, or `html` (one page to print)'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --no-botch 'Leave out the botch grids'
            cand --specialty 'The trait rolled has a specialty (what that does is the edition''s rule)'
            cand --willpower 'Spend a Willpower point on each roll (what that does is the edition''s rule)'
            cand --rote 'Rote: dice that fail are rolled again and the better result kept'
            cand --automatic 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;run'= {
            cand --trials 'Fights an edition (default: the scenario''s), 1..=1000000000'
            cand --seed 'Seed (default: the scenario''s)'
            cand -e 'Editions to run instead of the scenario''s, comma-separated (ids or house-rule paths)'
            cand --editions 'Editions to run instead of the scenario''s, comma-separated (ids or house-rule paths)'
            cand --sampler 'How fights are drawn: `round` (a whole round at a time from the fight''s exact round chain, when its states are few enough; else as `outcome`), `outcome` (whole attacks and rolls from alias tables over their exact distributions) or `die` (every die from the d10 kernel)'
            cand --format 'Output format [default: table]'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --out 'With --shard, the directory of the shard''s part'
            cand --shard 'Play only shard I of N''s share of the batches (I from 0) and write its tallies to --out as a part, for `wodds merge`'
            cand --max-states 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --force 'With --shard, write into --out even if it is not a part''s directory (wodds still removes only the files it wrote)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand extended 'Roll again and again until the successes add up to a target'
            cand retry 'Try again after failing, the difficulty rising with each failure'
            cand multiple 'Several actions in one turn: each pool loses dice for the others'
            cand teamwork 'Several characters work together until a target: separate rolls added, or (hubris) the first character''s roll with the others'' help as an Edge'
            cand resisted 'One roll against another: only the margin counts'
            cand contest 'Extended and resisted: each round''s winner scores the margin; first to the target wins'
            cand prolonged 'Contests until one side has lost as many as its Resistance (hubris)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'wodds;action;extended'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --again 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none'
            cand --unskilled 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)'
            cand -p 'Dice rolled each time'
            cand --pool 'Dice rolled each time'
            cand -d 'Difficulty in the edition''s terms (default: its standard task)'
            cand --difficulty 'Difficulty in the edition''s terms (default: its standard task)'
            cand -t 'Successes needed (1..=200)'
            cand --target 'Successes needed (1..=200)'
            cand --max-rolls 'Stop after this many rolls; default: until it ends (up to 100000)'
            cand --botch 'What a botch does (default: the edition''s rule)'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --specialty 'The trait rolled has a specialty (what that does is the edition''s rule)'
            cand --willpower 'Spend a Willpower point on each roll (what that does is the edition''s rule)'
            cand --rote 'Rote: dice that fail are rolled again and the better result kept'
            cand --automatic 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
            cand --free-botch 'The first botch does not count (the optional "free botch")'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action;retry'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --again 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none'
            cand --unskilled 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)'
            cand -p 'Dice rolled each try'
            cand --pool 'Dice rolled each try'
            cand -d 'Difficulty of the first try, in the edition''s terms (default: its standard task)'
            cand --difficulty 'Difficulty of the first try, in the edition''s terms (default: its standard task)'
            cand --tries 'Tries at most; default: until one succeeds (up to 100000)'
            cand --penalty 'Difficulty added per earlier failure (default: the edition''s rule), 0..=5'
            cand --botch 'A botch: `fail` ends the attempts; `ignore` (default) is a failed try'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --specialty 'The trait rolled has a specialty (what that does is the edition''s rule)'
            cand --willpower 'Spend a Willpower point on each roll (what that does is the edition''s rule)'
            cand --rote 'Rote: dice that fail are rolled again and the better result kept'
            cand --automatic 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action;multiple'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --again 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none'
            cand --unskilled 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)'
            cand --pools 'Each action''s pool before the penalty, in the order taken (7,6,6)'
            cand -d 'Difficulty of each action (one for all, or one per action)'
            cand --difficulty 'Difficulty of each action (one for all, or one per action)'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --specialty 'The trait rolled has a specialty (what that does is the edition''s rule)'
            cand --willpower 'Spend a Willpower point on each roll (what that does is the edition''s rule)'
            cand --rote 'Rote: dice that fail are rolled again and the better result kept'
            cand --automatic 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action;teamwork'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --again 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none'
            cand --unskilled 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)'
            cand --pools 'Each character''s dice, comma-separated (4,5,3)'
            cand -d 'Difficulty in the edition''s terms (default: its standard task)'
            cand --difficulty 'Difficulty in the edition''s terms (default: its standard task)'
            cand -t 'Successes the team needs (1..=200)'
            cand --target 'Successes the team needs (1..=200)'
            cand --max-rolls 'Stop after this many rolls; default: until it ends (up to 100000)'
            cand --botch 'What a botch of the team''s roll does (default: the edition''s rule)'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --specialty 'The trait rolled has a specialty (what that does is the edition''s rule)'
            cand --willpower 'Spend a Willpower point on each roll (what that does is the edition''s rule)'
            cand --rote 'Rote: dice that fail are rolled again and the better result kept'
            cand --automatic 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action;resisted'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --a 'Side A: POOL or POOL@DIFFICULTY, members of a group joined by + (5@6+4@6)'
            cand --b 'Side B, the same way'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action;contest'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --a 'Side A: POOL or POOL@DIFFICULTY per round, comma-separated, the last repeating (5@5,5@5,6@4); group members joined by +'
            cand --b 'Side B, the same way'
            cand -t 'Score that wins (1..=200)'
            cand --target 'Score that wins (1..=200)'
            cand --max-rounds 'Stop after this many rounds; default: until it ends (up to 100000)'
            cand --tally 'Separate tallies or one running difference (default: the edition''s rule)'
            cand --botch 'What a botch does to the botching side (default: the edition''s rule)'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action;prolonged'= {
            cand -e 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --editions 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --edition 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one'
            cand --method 'Exact enumeration or Monte Carlo sampling'
            cand --trials 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000'
            cand --seed 'Seed of the Monte Carlo run: same seed, same numbers'
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --a 'Side A: POOL or POOL@DIFFICULTY per contest, comma-separated, the last repeating'
            cand --b 'Side B, the same way'
            cand --a-resistance 'Contests A can lose before giving up (its Resistance attribute, 1..=200)'
            cand --b-resistance 'Contests B can lose before giving up (1..=200)'
            cand --max-rounds 'Stop after this many contests; default: until it ends (up to 100000)'
            cand --tie 'Who wins a tied contest (default: the edition''s rule)'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;action;help'= {
            cand extended 'Roll again and again until the successes add up to a target'
            cand retry 'Try again after failing, the difficulty rising with each failure'
            cand multiple 'Several actions in one turn: each pool loses dice for the others'
            cand teamwork 'Several characters work together until a target: separate rolls added, or (hubris) the first character''s roll with the others'' help as an Edge'
            cand resisted 'One roll against another: only the margin counts'
            cand contest 'Extended and resisted: each round''s winner scores the margin; first to the target wins'
            cand prolonged 'Contests until one side has lost as many as its Resistance (hubris)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'wodds;action;help;extended'= {
        }
        &'wodds;action;help;retry'= {
        }
        &'wodds;action;help;multiple'= {
        }
        &'wodds;action;help;teamwork'= {
        }
        &'wodds;action;help;resisted'= {
        }
        &'wodds;action;help;contest'= {
        }
        &'wodds;action;help;prolonged'= {
        }
        &'wodds;action;help;help'= {
        }
        &'wodds;rules'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand show 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed'
            cand diff 'The settings that differ between two editions or house rules'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'wodds;rules;show'= {
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;rules;diff'= {
            cand --format 'Output format'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;rules;help'= {
            cand show 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed'
            cand diff 'The settings that differ between two editions or house rules'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'wodds;rules;help;show'= {
        }
        &'wodds;rules;help;diff'= {
        }
        &'wodds;rules;help;help'= {
        }
        &'wodds;compare'= {
            cand --format 'Output format'
            cand --trials 'Conflicts a rule set where a scenario has no round chain (default: the scenario''s), 1..=1000000000'
            cand --seed 'Seed of the paired runs (default: the scenario''s)'
            cand --sampler 'How scenarios are played: `round` (exactly from both round chains where both have one, else as `outcome`), or both rule sets on the same random numbers drawing `outcome` (whole attacks and rolls from their exact distributions) or `die` (every die), even where the chains would give exact figures'
            cand --top 'Rows of the single-roll and actions tables shown (largest change first) in the table and markdown formats, 1..=10000; CSV and JSON list every one that moved'
            cand -o 'Write to this file (whole, or not at all) instead of stdout'
            cand --output 'Write to this file (whole, or not at all) instead of stdout'
            cand --out 'Also write the comparison as a page: the report of the scenarios under BASE and RULE that opens with "What your rule changes" (`wodds report SCENARIOS --editions BASE,RULE --against BASE --out DIR`), built beside DIR and put in place whole'
            cand --max-states 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;report'= {
            cand --out 'The report''s directory, built beside it and renamed into place whole [default: reports/latest]; with --shard, the part''s directory'
            cand --trials 'Fights, chases or grapples an edition for every scenario (default: each scenario''s), 1..=1000000000'
            cand --seed 'Seed of every scenario (default: each scenario''s)'
            cand -e 'Editions instead of the scenarios'', comma-separated (ids or house-rule paths)'
            cand --editions 'Editions instead of the scenarios'', comma-separated (ids or house-rule paths)'
            cand --against 'One of the report''s editions to measure the others against: the page then opens with "What your rule changes" (as `wodds compare`) and the report holds changes.parquet'
            cand --format 'What to print once the report is written: a line (table) or JSON (its directory, page, scenarios and every file with its size and sha256, as the manifest lists them)'
            cand --shard 'Play only shard I of N''s share of the batches (I from 0) and write its tallies to --out as a part, for `wodds merge`'
            cand --max-states 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try'
            cand --force 'Write into --out even if it is not a wodds report directory (or its manifest is damaged): wodds still removes only the files it wrote, and keeps any other file where it puts one of its own as NAME.~1~'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --timings 'Print the time each part took on stderr'
            cand --tables-only 'Only the tables (Parquet and CSV) and the manifest: no charts and no page. A lean baseline for `wodds check`, small enough to review in a pull request''s diff'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;check'= {
            cand --baseline 'The baseline: a report directory made by `wodds report`, made again from its manifest.json; its paths are read from the directory the report was made from, wherever check runs'
            cand --alpha 'Level of the tests of estimates, after Holm''s correction over all of them, in (0, 1)'
            cand --min-effect 'Smallest change of an estimate reported, in the metric''s unit (a probability for a share)'
            cand --format 'Output format'
            cand -o 'Write the output to FILE (whole or not at all) instead of stdout'
            cand --output 'Write the output to FILE (whole or not at all) instead of stdout'
            cand --summary 'Also write a Markdown summary to FILE (whole or not at all), for a pull request''s job summary: append it to $GITHUB_STEP_SUMMARY'
            cand --max-states 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try'
            cand --update 'Replace the baseline with the new report: built beside it and swapped in whole; only the files its manifest lists are replaced, anything else in its folder stays'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;merge'= {
            cand --out 'Parts of `wodds report`: the report''s directory (required)'
            cand -o 'Parts of `wodds run`: the file to write instead of stdout (whole, or not at all)'
            cand --output 'Parts of `wodds run`: the file to write instead of stdout (whole, or not at all)'
            cand --format 'Parts of `wodds run`: the output format [default: table]'
            cand --force 'Parts of `wodds report`: write into --out even if it is not a wodds report directory (wodds still removes only the files it wrote)'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand --timings 'Parts of `wodds report`: print the time each part took on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'wodds;sweep'= {
            cand --vary 'What to vary and its values: `Member.trait=1..5`, `Member.weapon=knife,club`, `Member.tactics.attack=basic,power`, `rules.<setting>=...` (an edition setting, as a house rule on top of each edition). Twice for a grid'
            cand -e 'Editions (ids or house-rule paths) in place of the scenario''s'
            cand --editions 'Editions (ids or house-rule paths) in place of the scenario''s'
            cand --trials 'Fights a point where the fight has no round chain (default: the scenario''s trials)'
            cand --seed 'Seed of the fights a point plays where it has no round chain (default: the scenario''s)'
            cand --sampler 'How fights are drawn, as `wodds run --sampler`: `round` (exact from the round chain where a point has one, else as `outcome`), `outcome` or `die` (every point estimated)'
            cand --format 'Output format'
            cand --out 'Also write `sweep.parquet`, its charts and a manifest into this folder (written whole, or not at all; a sweep there before is replaced, file for file, and anything else in it kept)'
            cand --max-states 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try'
            cand --force 'Write into --out even if it is not a sweep''s folder: wodds still removes only the files it wrote, and keeps any other file where it puts one of its own as NAME.~1~'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'wodds;balance'= {
            cand --vary 'The integer path to vary and its range: `Member.trait=1..5`, or `rules.<setting>=lo..hi`'
            cand --target 'The first side''s win rate to aim at, 0..1'
            cand -e 'Editions (ids or house-rule paths) in place of the scenario''s'
            cand --editions 'Editions (ids or house-rule paths) in place of the scenario''s'
            cand --trials 'Fights a value where the fight has no round chain (default: the scenario''s trials)'
            cand --seed 'Seed of the fights a point plays where it has no round chain (default: the scenario''s)'
            cand --sampler 'How fights are drawn, as `wodds run --sampler`: `round` (exact from the round chain where a point has one, else as `outcome`), `outcome` or `die` (every point estimated)'
            cand --format 'Output format'
            cand --max-states 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try'
            cand -q 'No progress bar'
            cand --quiet 'No progress bar'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'wodds;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'wodds;man'= {
            cand --out 'Write wodds.1 and a page for every subcommand (wodds-run.1, wodds-action-extended.1, ...) into this directory (made if missing; each page written whole), instead of wodds.1 to stdout'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'wodds;help'= {
            cand odds 'Odds of a single roll: one row per (pool, difficulty)'
            cand sheet 'An odds sheet for the players: pool by difficulty grids of success and botch, editions side by side (Markdown, CSV, printable HTML)'
            cand run 'Play a scenario''s fights, many times, under each of its editions'
            cand action 'Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged'
            cand rules 'What an edition or house rule says, setting by setting (`show`), and how two differ (`diff`)'
            cand compare 'What a rule changes against a base: settings, single roll, actions and scenarios, largest first, with a verdict a scenario'
            cand report 'The whole report: tables (Parquet and CSV), charts and one HTML page comparing the editions'
            cand check 'The regression gate: make a baseline report again and say which odds moved (exit 1 if any did)'
            cand merge 'Add up shards'' parts (`wodds report --shard`, `wodds run --shard`) into what the command writes in one go, byte for byte'
            cand sweep 'What a dot, a weapon or a rule setting is worth: a scenario with one or two values varied, point by point, under each edition'
            cand balance 'Which value of a trait or setting evens a fight, under each edition'
            cand completions 'Shell completions for bash, elvish, fish, PowerShell or zsh, on stdout'
            cand man 'The man page (or, with --out, a page for every subcommand)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'wodds;help;odds'= {
        }
        &'wodds;help;sheet'= {
        }
        &'wodds;help;run'= {
        }
        &'wodds;help;action'= {
            cand extended 'Roll again and again until the successes add up to a target'
            cand retry 'Try again after failing, the difficulty rising with each failure'
            cand multiple 'Several actions in one turn: each pool loses dice for the others'
            cand teamwork 'Several characters work together until a target: separate rolls added, or (hubris) the first character''s roll with the others'' help as an Edge'
            cand resisted 'One roll against another: only the margin counts'
            cand contest 'Extended and resisted: each round''s winner scores the margin; first to the target wins'
            cand prolonged 'Contests until one side has lost as many as its Resistance (hubris)'
        }
        &'wodds;help;action;extended'= {
        }
        &'wodds;help;action;retry'= {
        }
        &'wodds;help;action;multiple'= {
        }
        &'wodds;help;action;teamwork'= {
        }
        &'wodds;help;action;resisted'= {
        }
        &'wodds;help;action;contest'= {
        }
        &'wodds;help;action;prolonged'= {
        }
        &'wodds;help;rules'= {
            cand show 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed'
            cand diff 'The settings that differ between two editions or house rules'
        }
        &'wodds;help;rules;show'= {
        }
        &'wodds;help;rules;diff'= {
        }
        &'wodds;help;compare'= {
        }
        &'wodds;help;report'= {
        }
        &'wodds;help;check'= {
        }
        &'wodds;help;merge'= {
        }
        &'wodds;help;sweep'= {
        }
        &'wodds;help;balance'= {
        }
        &'wodds;help;completions'= {
        }
        &'wodds;help;man'= {
        }
        &'wodds;help;help'= {
        }
    ]
    $completions[$command]
}
