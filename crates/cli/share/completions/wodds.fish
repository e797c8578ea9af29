# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_wodds_global_optspecs
    string join \n h/help V/version
end

function __fish_wodds_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_wodds_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_wodds_using_subcommand
    set -l cmd (__fish_wodds_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c wodds -n "__fish_wodds_needs_command" -s h -l help -d 'Print help'
complete -c wodds -n "__fish_wodds_needs_command" -s V -l version -d 'Print version'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "odds" -d 'Odds of a single roll: one row per (pool, difficulty)'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "sheet" -d 'An odds sheet for the players: pool by difficulty grids of success and botch, editions side by side (Markdown, CSV, printable HTML)'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "run" -d 'Play a scenario\'s fights, many times, under each of its editions'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "action" -d 'Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "rules" -d 'What an edition or house rule says, setting by setting (`show`), and how two differ (`diff`)'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "compare" -d 'What a rule changes against a base: settings, single roll, actions and scenarios, largest first, with a verdict a scenario'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "report" -d 'The whole report: tables (Parquet and CSV), charts and one HTML page comparing the editions'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "check" -d 'The regression gate: make a baseline report again and say which odds moved (exit 1 if any did)'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "merge" -d 'Add up shards\' parts (`wodds report --shard`, `wodds run --shard`) into what the command writes in one go, byte for byte'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "sweep" -d 'What a dot, a weapon or a rule setting is worth: a scenario with one or two values varied, point by point, under each edition'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "balance" -d 'Which value of a trait or setting evens a fight, under each edition'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "completions" -d 'Shell completions for bash, elvish, fish, PowerShell or zsh, on stdout'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "man" -d 'The man page (or, with --out, a page for every subcommand)'
complete -c wodds -n "__fish_wodds_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wodds -n "__fish_wodds_using_subcommand odds" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand odds" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand odds" -s p -l pool -d 'Dice in the pool: N or a range A-B' -r
complete -c wodds -n "__fish_wodds_using_subcommand odds" -s d -l difficulty -d 'Difficulty in the edition\'s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition\'s whole range' -r
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l again -d 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none' -r
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l unskilled -d 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)' -r -f -a "skill\t''
knowledge\t''"
complete -c wodds -n "__fish_wodds_using_subcommand odds" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l specialty -d 'The trait rolled has a specialty (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l willpower -d 'Spend a Willpower point on each roll (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l rote -d 'Rote: dice that fail are rolled again and the better result kept'
complete -c wodds -n "__fish_wodds_using_subcommand odds" -l automatic -d 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
complete -c wodds -n "__fish_wodds_using_subcommand odds" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -s e -l editions -d 'Editions side by side, in the order given, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml files' -r
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -s p -l pool -d 'Dice in the pool, a row each: N or A-B. Default: the edition\'s smallest pool to 10' -r
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -s d -l difficulty -d 'Difficulties, a column each, in each edition\'s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition\'s whole range' -r
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l again -d 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none' -r
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l unskilled -d 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)' -r -f -a "skill\t''
knowledge\t''"
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l format -d 'Output format: `markdown`, `csv`, or `html` (one page to print)' -r -f -a "markdown\t'Markdown tables, a heading an edition'
csv\t'Comma-separated: a row a pool, a column a difficulty'
html\t'One self-contained page, made to print on one sheet'"
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l no-botch -d 'Leave out the botch grids'
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l specialty -d 'The trait rolled has a specialty (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l willpower -d 'Spend a Willpower point on each roll (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l rote -d 'Rote: dice that fail are rolled again and the better result kept'
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -l automatic -d 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
complete -c wodds -n "__fish_wodds_using_subcommand sheet" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand run" -l trials -d 'Fights an edition (default: the scenario\'s), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand run" -l seed -d 'Seed (default: the scenario\'s)' -r
complete -c wodds -n "__fish_wodds_using_subcommand run" -s e -l editions -d 'Editions to run instead of the scenario\'s, comma-separated (ids or house-rule paths)' -r
complete -c wodds -n "__fish_wodds_using_subcommand run" -l sampler -d 'How fights are drawn: `round` (a whole round at a time from the fight\'s exact round chain, when its states are few enough; else as `outcome`), `outcome` (whole attacks and rolls from alias tables over their exact distributions) or `die` (every die from the d10 kernel)' -r -f -a "round\t''
outcome\t''
die\t''"
complete -c wodds -n "__fish_wodds_using_subcommand run" -l format -d 'Output format [default: table]' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand run" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand run" -l out -d 'With --shard, the directory of the shard\'s part' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand run" -l shard -d 'Play only shard I of N\'s share of the batches (I from 0) and write its tallies to --out as a part, for `wodds merge`' -r
complete -c wodds -n "__fish_wodds_using_subcommand run" -l max-states -d 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try' -r
complete -c wodds -n "__fish_wodds_using_subcommand run" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand run" -l force -d 'With --shard, write into --out even if it is not a part\'s directory (wodds still removes only the files it wrote)'
complete -c wodds -n "__fish_wodds_using_subcommand run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -s h -l help -d 'Print help'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "extended" -d 'Roll again and again until the successes add up to a target'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "retry" -d 'Try again after failing, the difficulty rising with each failure'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "multiple" -d 'Several actions in one turn: each pool loses dice for the others'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "teamwork" -d 'Several characters work together until a target: separate rolls added, or (hubris) the first character\'s roll with the others\' help as an Edge'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "resisted" -d 'One roll against another: only the margin counts'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "contest" -d 'Extended and resisted: each round\'s winner scores the margin; first to the target wins'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "prolonged" -d 'Contests until one side has lost as many as its Resistance (hubris)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and not __fish_seen_subcommand_from extended retry multiple teamwork resisted contest prolonged help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l again -d 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l unskilled -d 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)' -r -f -a "skill\t''
knowledge\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -s p -l pool -d 'Dice rolled each time' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -s d -l difficulty -d 'Difficulty in the edition\'s terms (default: its standard task)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -s t -l target -d 'Successes needed (1..=200)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l max-rolls -d 'Stop after this many rolls; default: until it ends (up to 100000)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l botch -d 'What a botch does (default: the edition\'s rule)' -r -f -a "wipe\t''
fail\t''
ignore\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l specialty -d 'The trait rolled has a specialty (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l willpower -d 'Spend a Willpower point on each roll (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l rote -d 'Rote: dice that fail are rolled again and the better result kept'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l automatic -d 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -l free-botch -d 'The first botch does not count (the optional "free botch")'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from extended" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l again -d 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l unskilled -d 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)' -r -f -a "skill\t''
knowledge\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -s p -l pool -d 'Dice rolled each try' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -s d -l difficulty -d 'Difficulty of the first try, in the edition\'s terms (default: its standard task)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l tries -d 'Tries at most; default: until one succeeds (up to 100000)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l penalty -d 'Difficulty added per earlier failure (default: the edition\'s rule), 0..=5' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l botch -d 'A botch: `fail` ends the attempts; `ignore` (default) is a failed try' -r -f -a "wipe\t''
fail\t''
ignore\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l specialty -d 'The trait rolled has a specialty (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l willpower -d 'Spend a Willpower point on each roll (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l rote -d 'Rote: dice that fail are rolled again and the better result kept'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -l automatic -d 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l again -d 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l unskilled -d 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)' -r -f -a "skill\t''
knowledge\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l pools -d 'Each action\'s pool before the penalty, in the order taken (7,6,6)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -s d -l difficulty -d 'Difficulty of each action (one for all, or one per action)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l specialty -d 'The trait rolled has a specialty (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l willpower -d 'Spend a Willpower point on each roll (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l rote -d 'Rote: dice that fail are rolled again and the better result kept'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -l automatic -d 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from multiple" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l again -d 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l unskilled -d 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)' -r -f -a "skill\t''
knowledge\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l pools -d 'Each character\'s dice, comma-separated (4,5,3)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -s d -l difficulty -d 'Difficulty in the edition\'s terms (default: its standard task)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -s t -l target -d 'Successes the team needs (1..=200)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l max-rolls -d 'Stop after this many rolls; default: until it ends (up to 100000)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l botch -d 'What a botch of the team\'s roll does (default: the edition\'s rule)' -r -f -a "wipe\t''
fail\t''
ignore\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l specialty -d 'The trait rolled has a specialty (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l willpower -d 'Spend a Willpower point on each roll (what that does is the edition\'s rule)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l rote -d 'Rote: dice that fail are rolled again and the better result kept'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -l automatic -d 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from teamwork" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -l a -d 'Side A: POOL or POOL@DIFFICULTY, members of a group joined by + (5@6+4@6)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -l b -d 'Side B, the same way' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from resisted" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l a -d 'Side A: POOL or POOL@DIFFICULTY per round, comma-separated, the last repeating (5@5,5@5,6@4); group members joined by +' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l b -d 'Side B, the same way' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -s t -l target -d 'Score that wins (1..=200)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l max-rounds -d 'Stop after this many rounds; default: until it ends (up to 100000)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l tally -d 'Separate tallies or one running difference (default: the edition\'s rule)' -r -f -a "separate\t''
difference\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -l botch -d 'What a botch does to the botching side (default: the edition\'s rule)' -r -f -a "wipe\t''
fail\t''
ignore\t''"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from contest" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -s e -l editions -l edition -d 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l method -d 'Exact enumeration or Monte Carlo sampling' -r -f -a "exact\t'Exact enumeration'
mc\t'Monte Carlo sampling'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l trials -d 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l seed -d 'Seed of the Monte Carlo run: same seed, same numbers' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l a -d 'Side A: POOL or POOL@DIFFICULTY per contest, comma-separated, the last repeating' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l b -d 'Side B, the same way' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l a-resistance -d 'Contests A can lose before giving up (its Resistance attribute, 1..=200)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l b-resistance -d 'Contests B can lose before giving up (1..=200)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l max-rounds -d 'Stop after this many contests; default: until it ends (up to 100000)' -r
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -l tie -d 'Who wins a tied contest (default: the edition\'s rule)' -r -f -a "nothing\t'Nobody wins a tie'
defender\t'B wins a tie'
acting\t'A (the acting side) wins a tie in which it rolled a success'
re-roll\t'The tied roll-off is played again'"
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from prolonged" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "extended" -d 'Roll again and again until the successes add up to a target'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Try again after failing, the difficulty rising with each failure'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "multiple" -d 'Several actions in one turn: each pool loses dice for the others'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "teamwork" -d 'Several characters work together until a target: separate rolls added, or (hubris) the first character\'s roll with the others\' help as an Edge'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "resisted" -d 'One roll against another: only the margin counts'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "contest" -d 'Extended and resisted: each round\'s winner scores the margin; first to the target wins'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "prolonged" -d 'Contests until one side has lost as many as its Resistance (hubris)'
complete -c wodds -n "__fish_wodds_using_subcommand action; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and not __fish_seen_subcommand_from show diff help" -s h -l help -d 'Print help'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and not __fish_seen_subcommand_from show diff help" -f -a "show" -d 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and not __fish_seen_subcommand_from show diff help" -f -a "diff" -d 'The settings that differ between two editions or house rules'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and not __fish_seen_subcommand_from show diff help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
toml\t'A complete rule file (no `extends`), each setting with its note and source as comments'
json\t'An array of objects with `key`, `value`, `source`, `note`'
csv\t'Comma-separated, with a header'"
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from show" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from diff" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from diff" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from help" -f -a "show" -d 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from help" -f -a "diff" -d 'The settings that differ between two editions or house rules'
complete -c wodds -n "__fish_wodds_using_subcommand rules; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wodds -n "__fish_wodds_using_subcommand compare" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal'
markdown\t'Markdown tables, for an issue or a pull request'
csv\t'One row per figure that moved (and every scenario figure)'
json\t'Everything, nested'"
complete -c wodds -n "__fish_wodds_using_subcommand compare" -l trials -d 'Conflicts a rule set where a scenario has no round chain (default: the scenario\'s), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand compare" -l seed -d 'Seed of the paired runs (default: the scenario\'s)' -r
complete -c wodds -n "__fish_wodds_using_subcommand compare" -l sampler -d 'How scenarios are played: `round` (exactly from both round chains where both have one, else as `outcome`), or both rule sets on the same random numbers drawing `outcome` (whole attacks and rolls from their exact distributions) or `die` (every die), even where the chains would give exact figures' -r -f -a "round\t''
outcome\t''
die\t''"
complete -c wodds -n "__fish_wodds_using_subcommand compare" -l top -d 'Rows of the single-roll and actions tables shown (largest change first) in the table and markdown formats, 1..=10000; CSV and JSON list every one that moved' -r
complete -c wodds -n "__fish_wodds_using_subcommand compare" -s o -l output -d 'Write to this file (whole, or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand compare" -l out -d 'Also write the comparison as a page: the report of the scenarios under BASE and RULE that opens with "What your rule changes" (`wodds report SCENARIOS --editions BASE,RULE --against BASE --out DIR`), built beside DIR and put in place whole' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand compare" -l max-states -d 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try' -r
complete -c wodds -n "__fish_wodds_using_subcommand compare" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand compare" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand report" -l out -d 'The report\'s directory, built beside it and renamed into place whole [default: reports/latest]; with --shard, the part\'s directory' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand report" -l trials -d 'Fights, chases or grapples an edition for every scenario (default: each scenario\'s), 1..=1000000000' -r
complete -c wodds -n "__fish_wodds_using_subcommand report" -l seed -d 'Seed of every scenario (default: each scenario\'s)' -r
complete -c wodds -n "__fish_wodds_using_subcommand report" -s e -l editions -d 'Editions instead of the scenarios\', comma-separated (ids or house-rule paths)' -r
complete -c wodds -n "__fish_wodds_using_subcommand report" -l against -d 'One of the report\'s editions to measure the others against: the page then opens with "What your rule changes" (as `wodds compare`) and the report holds changes.parquet' -r
complete -c wodds -n "__fish_wodds_using_subcommand report" -l format -d 'What to print once the report is written: a line (table) or JSON (its directory, page, scenarios and every file with its size and sha256, as the manifest lists them)' -r -f -a "table\t'One line: what was written, and where'
json\t'JSON, for scripts'"
complete -c wodds -n "__fish_wodds_using_subcommand report" -l shard -d 'Play only shard I of N\'s share of the batches (I from 0) and write its tallies to --out as a part, for `wodds merge`' -r
complete -c wodds -n "__fish_wodds_using_subcommand report" -l max-states -d 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try' -r
complete -c wodds -n "__fish_wodds_using_subcommand report" -l force -d 'Write into --out even if it is not a wodds report directory (or its manifest is damaged): wodds still removes only the files it wrote, and keeps any other file where it puts one of its own as NAME.~1~'
complete -c wodds -n "__fish_wodds_using_subcommand report" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand report" -l timings -d 'Print the time each part took on stderr'
complete -c wodds -n "__fish_wodds_using_subcommand report" -l tables-only -d 'Only the tables (Parquet and CSV) and the manifest: no charts and no page. A lean baseline for `wodds check`, small enough to review in a pull request\'s diff'
complete -c wodds -n "__fish_wodds_using_subcommand report" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand check" -l baseline -d 'The baseline: a report directory made by `wodds report`, made again from its manifest.json; its paths are read from the directory the report was made from, wherever check runs' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand check" -l alpha -d 'Level of the tests of estimates, after Holm\'s correction over all of them, in (0, 1)' -r
complete -c wodds -n "__fish_wodds_using_subcommand check" -l min-effect -d 'Smallest change of an estimate reported, in the metric\'s unit (a probability for a share)' -r
complete -c wodds -n "__fish_wodds_using_subcommand check" -l format -d 'Output format' -r -f -a "table\t'Aligned, for a terminal or a job log'
json\t'JSON: everything found, every estimate\'s p-value'
markdown\t'Markdown, for a reviewer: what changed, what moved, the verdict'
github\t'GitHub Actions: an annotation on each house-rule line whose setting moved a figure (`::error file=...,line=...::`), then the table'
junit\t'JUnit XML: a test case for each scenario and rule set (and the single-roll and action tables), failed where a figure moved'"
complete -c wodds -n "__fish_wodds_using_subcommand check" -s o -l output -d 'Write the output to FILE (whole or not at all) instead of stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand check" -l summary -d 'Also write a Markdown summary to FILE (whole or not at all), for a pull request\'s job summary: append it to $GITHUB_STEP_SUMMARY' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand check" -l max-states -d 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try' -r
complete -c wodds -n "__fish_wodds_using_subcommand check" -l update -d 'Replace the baseline with the new report: built beside it and swapped in whole; only the files its manifest lists are replaced, anything else in its folder stays'
complete -c wodds -n "__fish_wodds_using_subcommand check" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand merge" -l out -d 'Parts of `wodds report`: the report\'s directory (required)' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand merge" -s o -l output -d 'Parts of `wodds run`: the file to write instead of stdout (whole, or not at all)' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand merge" -l format -d 'Parts of `wodds run`: the output format [default: table]' -r -f -a "table\t'Aligned, for a terminal'
csv\t'Comma-separated, with a header'
json\t'JSON'"
complete -c wodds -n "__fish_wodds_using_subcommand merge" -l force -d 'Parts of `wodds report`: write into --out even if it is not a wodds report directory (wodds still removes only the files it wrote)'
complete -c wodds -n "__fish_wodds_using_subcommand merge" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand merge" -l timings -d 'Parts of `wodds report`: print the time each part took on stderr'
complete -c wodds -n "__fish_wodds_using_subcommand merge" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l vary -d 'What to vary and its values: `Member.trait=1..5`, `Member.weapon=knife,club`, `Member.tactics.attack=basic,power`, `rules.<setting>=...` (an edition setting, as a house rule on top of each edition). Twice for a grid' -r
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -s e -l editions -d 'Editions (ids or house-rule paths) in place of the scenario\'s' -r
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l trials -d 'Fights a point where the fight has no round chain (default: the scenario\'s trials)' -r
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l seed -d 'Seed of the fights a point plays where it has no round chain (default: the scenario\'s)' -r
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l sampler -d 'How fights are drawn, as `wodds run --sampler`: `round` (exact from the round chain where a point has one, else as `outcome`), `outcome` or `die` (every point estimated)' -r -f -a "round\t''
outcome\t''
die\t''"
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l format -d 'Output format' -r -f -a "table\t''
csv\t''
json\t''"
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l out -d 'Also write `sweep.parquet`, its charts and a manifest into this folder (written whole, or not at all; a sweep there before is replaced, file for file, and anything else in it kept)' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l max-states -d 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try' -r
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -l force -d 'Write into --out even if it is not a sweep\'s folder: wodds still removes only the files it wrote, and keeps any other file where it puts one of its own as NAME.~1~'
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand sweep" -s h -l help -d 'Print help'
complete -c wodds -n "__fish_wodds_using_subcommand balance" -l vary -d 'The integer path to vary and its range: `Member.trait=1..5`, or `rules.<setting>=lo..hi`' -r
complete -c wodds -n "__fish_wodds_using_subcommand balance" -l target -d 'The first side\'s win rate to aim at, 0..1' -r
complete -c wodds -n "__fish_wodds_using_subcommand balance" -s e -l editions -d 'Editions (ids or house-rule paths) in place of the scenario\'s' -r
complete -c wodds -n "__fish_wodds_using_subcommand balance" -l trials -d 'Fights a value where the fight has no round chain (default: the scenario\'s trials)' -r
complete -c wodds -n "__fish_wodds_using_subcommand balance" -l seed -d 'Seed of the fights a point plays where it has no round chain (default: the scenario\'s)' -r
complete -c wodds -n "__fish_wodds_using_subcommand balance" -l sampler -d 'How fights are drawn, as `wodds run --sampler`: `round` (exact from the round chain where a point has one, else as `outcome`), `outcome` or `die` (every point estimated)' -r -f -a "round\t''
outcome\t''
die\t''"
complete -c wodds -n "__fish_wodds_using_subcommand balance" -l format -d 'Output format' -r -f -a "table\t''
csv\t''
json\t''"
complete -c wodds -n "__fish_wodds_using_subcommand balance" -l max-states -d 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try' -r
complete -c wodds -n "__fish_wodds_using_subcommand balance" -s q -l quiet -d 'No progress bar'
complete -c wodds -n "__fish_wodds_using_subcommand balance" -s h -l help -d 'Print help'
complete -c wodds -n "__fish_wodds_using_subcommand completions" -s h -l help -d 'Print help'
complete -c wodds -n "__fish_wodds_using_subcommand man" -l out -d 'Write wodds.1 and a page for every subcommand (wodds-run.1, wodds-action-extended.1, ...) into this directory (made if missing; each page written whole), instead of wodds.1 to stdout' -r -F
complete -c wodds -n "__fish_wodds_using_subcommand man" -s h -l help -d 'Print help'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "odds" -d 'Odds of a single roll: one row per (pool, difficulty)'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "sheet" -d 'An odds sheet for the players: pool by difficulty grids of success and botch, editions side by side (Markdown, CSV, printable HTML)'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "run" -d 'Play a scenario\'s fights, many times, under each of its editions'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "action" -d 'Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "rules" -d 'What an edition or house rule says, setting by setting (`show`), and how two differ (`diff`)'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "compare" -d 'What a rule changes against a base: settings, single roll, actions and scenarios, largest first, with a verdict a scenario'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "report" -d 'The whole report: tables (Parquet and CSV), charts and one HTML page comparing the editions'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "check" -d 'The regression gate: make a baseline report again and say which odds moved (exit 1 if any did)'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "merge" -d 'Add up shards\' parts (`wodds report --shard`, `wodds run --shard`) into what the command writes in one go, byte for byte'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "sweep" -d 'What a dot, a weapon or a rule setting is worth: a scenario with one or two values varied, point by point, under each edition'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "balance" -d 'Which value of a trait or setting evens a fight, under each edition'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "completions" -d 'Shell completions for bash, elvish, fish, PowerShell or zsh, on stdout'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "man" -d 'The man page (or, with --out, a page for every subcommand)'
complete -c wodds -n "__fish_wodds_using_subcommand help; and not __fish_seen_subcommand_from odds sheet run action rules compare report check merge sweep balance completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from action" -f -a "extended" -d 'Roll again and again until the successes add up to a target'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from action" -f -a "retry" -d 'Try again after failing, the difficulty rising with each failure'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from action" -f -a "multiple" -d 'Several actions in one turn: each pool loses dice for the others'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from action" -f -a "teamwork" -d 'Several characters work together until a target: separate rolls added, or (hubris) the first character\'s roll with the others\' help as an Edge'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from action" -f -a "resisted" -d 'One roll against another: only the margin counts'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from action" -f -a "contest" -d 'Extended and resisted: each round\'s winner scores the margin; first to the target wins'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from action" -f -a "prolonged" -d 'Contests until one side has lost as many as its Resistance (hubris)'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from rules" -f -a "show" -d 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed'
complete -c wodds -n "__fish_wodds_using_subcommand help; and __fish_seen_subcommand_from rules" -f -a "diff" -d 'The settings that differ between two editions or house rules'
