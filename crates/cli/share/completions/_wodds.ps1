
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'wodds' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'wodds'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'wodds' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('odds', 'odds', [CompletionResultType]::ParameterValue, 'Odds of a single roll: one row per (pool, difficulty)')
            [CompletionResult]::new('sheet', 'sheet', [CompletionResultType]::ParameterValue, 'An odds sheet for the players: pool by difficulty grids of success and botch, editions side by side (Markdown, CSV, printable HTML)')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Play a scenario''s fights, many times, under each of its editions')
            [CompletionResult]::new('action', 'action', [CompletionResultType]::ParameterValue, 'Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'What an edition or house rule says, setting by setting (`show`), and how two differ (`diff`)')
            [CompletionResult]::new('compare', 'compare', [CompletionResultType]::ParameterValue, 'What a rule changes against a base: settings, single roll, actions and scenarios, largest first, with a verdict a scenario')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'The whole report: tables (Parquet and CSV), charts and one HTML page comparing the editions')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'The regression gate: make a baseline report again and say which odds moved (exit 1 if any did)')
            [CompletionResult]::new('merge', 'merge', [CompletionResultType]::ParameterValue, 'Add up shards'' parts (`wodds report --shard`, `wodds run --shard`) into what the command writes in one go, byte for byte')
            [CompletionResult]::new('sweep', 'sweep', [CompletionResultType]::ParameterValue, 'What a dot, a weapon or a rule setting is worth: a scenario with one or two values varied, point by point, under each edition')
            [CompletionResult]::new('balance', 'balance', [CompletionResultType]::ParameterValue, 'Which value of a trait or setting evens a fight, under each edition')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Shell completions for bash, elvish, fish, PowerShell or zsh, on stdout')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'The man page (or, with --out, a page for every subcommand)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'wodds;odds' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Dice in the pool: N or a range A-B')
            [CompletionResult]::new('--pool', '--pool', [CompletionResultType]::ParameterName, 'Dice in the pool: N or a range A-B')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Difficulty in the edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'Difficulty in the edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range')
            [CompletionResult]::new('--again', '--again', [CompletionResultType]::ParameterName, 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none')
            [CompletionResult]::new('--unskilled', '--unskilled', [CompletionResultType]::ParameterName, 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--specialty', '--specialty', [CompletionResultType]::ParameterName, 'The trait rolled has a specialty (what that does is the edition''s rule)')
            [CompletionResult]::new('--willpower', '--willpower', [CompletionResultType]::ParameterName, 'Spend a Willpower point on each roll (what that does is the edition''s rule)')
            [CompletionResult]::new('--rote', '--rote', [CompletionResultType]::ParameterName, 'Rote: dice that fail are rolled again and the better result kept')
            [CompletionResult]::new('--automatic', '--automatic', [CompletionResultType]::ParameterName, 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;sheet' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions side by side, in the order given, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml files')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions side by side, in the order given, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml files')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Dice in the pool, a row each: N or A-B. Default: the edition''s smallest pool to 10')
            [CompletionResult]::new('--pool', '--pool', [CompletionResultType]::ParameterName, 'Dice in the pool, a row each: N or A-B. Default: the edition''s smallest pool to 10')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Difficulties, a column each, in each edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'Difficulties, a column each, in each edition''s own terms (target number for revised/fta, successes needed for uwod, dice removed for hubris): N or A-B. Default: the edition''s whole range')
            [CompletionResult]::new('--again', '--again', [CompletionResultType]::ParameterName, 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none')
            [CompletionResult]::new('--unskilled', '--unskilled', [CompletionResultType]::ParameterName, 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: `markdown`, `csv`, or `html` (one page to print)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--no-botch', '--no-botch', [CompletionResultType]::ParameterName, 'Leave out the botch grids')
            [CompletionResult]::new('--specialty', '--specialty', [CompletionResultType]::ParameterName, 'The trait rolled has a specialty (what that does is the edition''s rule)')
            [CompletionResult]::new('--willpower', '--willpower', [CompletionResultType]::ParameterName, 'Spend a Willpower point on each roll (what that does is the edition''s rule)')
            [CompletionResult]::new('--rote', '--rote', [CompletionResultType]::ParameterName, 'Rote: dice that fail are rolled again and the better result kept')
            [CompletionResult]::new('--automatic', '--automatic', [CompletionResultType]::ParameterName, 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;run' {
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Fights an edition (default: the scenario''s), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed (default: the scenario''s)')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions to run instead of the scenario''s, comma-separated (ids or house-rule paths)')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions to run instead of the scenario''s, comma-separated (ids or house-rule paths)')
            [CompletionResult]::new('--sampler', '--sampler', [CompletionResultType]::ParameterName, 'How fights are drawn: `round` (a whole round at a time from the fight''s exact round chain, when its states are few enough; else as `outcome`), `outcome` (whole attacks and rolls from alias tables over their exact distributions) or `die` (every die from the d10 kernel)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'With --shard, the directory of the shard''s part')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Play only shard I of N''s share of the batches (I from 0) and write its tallies to --out as a part, for `wodds merge`')
            [CompletionResult]::new('--max-states', '--max-states', [CompletionResultType]::ParameterName, 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'With --shard, write into --out even if it is not a part''s directory (wodds still removes only the files it wrote)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('extended', 'extended', [CompletionResultType]::ParameterValue, 'Roll again and again until the successes add up to a target')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Try again after failing, the difficulty rising with each failure')
            [CompletionResult]::new('multiple', 'multiple', [CompletionResultType]::ParameterValue, 'Several actions in one turn: each pool loses dice for the others')
            [CompletionResult]::new('teamwork', 'teamwork', [CompletionResultType]::ParameterValue, 'Several characters work together until a target: separate rolls added, or (hubris) the first character''s roll with the others'' help as an Edge')
            [CompletionResult]::new('resisted', 'resisted', [CompletionResultType]::ParameterValue, 'One roll against another: only the margin counts')
            [CompletionResult]::new('contest', 'contest', [CompletionResultType]::ParameterValue, 'Extended and resisted: each round''s winner scores the margin; first to the target wins')
            [CompletionResult]::new('prolonged', 'prolonged', [CompletionResultType]::ParameterValue, 'Contests until one side has lost as many as its Resistance (hubris)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'wodds;action;extended' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--again', '--again', [CompletionResultType]::ParameterName, 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none')
            [CompletionResult]::new('--unskilled', '--unskilled', [CompletionResultType]::ParameterName, 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Dice rolled each time')
            [CompletionResult]::new('--pool', '--pool', [CompletionResultType]::ParameterName, 'Dice rolled each time')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Difficulty in the edition''s terms (default: its standard task)')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'Difficulty in the edition''s terms (default: its standard task)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Successes needed (1..=200)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Successes needed (1..=200)')
            [CompletionResult]::new('--max-rolls', '--max-rolls', [CompletionResultType]::ParameterName, 'Stop after this many rolls; default: until it ends (up to 100000)')
            [CompletionResult]::new('--botch', '--botch', [CompletionResultType]::ParameterName, 'What a botch does (default: the edition''s rule)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--specialty', '--specialty', [CompletionResultType]::ParameterName, 'The trait rolled has a specialty (what that does is the edition''s rule)')
            [CompletionResult]::new('--willpower', '--willpower', [CompletionResultType]::ParameterName, 'Spend a Willpower point on each roll (what that does is the edition''s rule)')
            [CompletionResult]::new('--rote', '--rote', [CompletionResultType]::ParameterName, 'Rote: dice that fail are rolled again and the better result kept')
            [CompletionResult]::new('--automatic', '--automatic', [CompletionResultType]::ParameterName, 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)')
            [CompletionResult]::new('--free-botch', '--free-botch', [CompletionResultType]::ParameterName, 'The first botch does not count (the optional "free botch")')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action;retry' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--again', '--again', [CompletionResultType]::ParameterName, 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none')
            [CompletionResult]::new('--unskilled', '--unskilled', [CompletionResultType]::ParameterName, 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)')
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'Dice rolled each try')
            [CompletionResult]::new('--pool', '--pool', [CompletionResultType]::ParameterName, 'Dice rolled each try')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Difficulty of the first try, in the edition''s terms (default: its standard task)')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'Difficulty of the first try, in the edition''s terms (default: its standard task)')
            [CompletionResult]::new('--tries', '--tries', [CompletionResultType]::ParameterName, 'Tries at most; default: until one succeeds (up to 100000)')
            [CompletionResult]::new('--penalty', '--penalty', [CompletionResultType]::ParameterName, 'Difficulty added per earlier failure (default: the edition''s rule), 0..=5')
            [CompletionResult]::new('--botch', '--botch', [CompletionResultType]::ParameterName, 'A botch: `fail` ends the attempts; `ignore` (default) is a failed try')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--specialty', '--specialty', [CompletionResultType]::ParameterName, 'The trait rolled has a specialty (what that does is the edition''s rule)')
            [CompletionResult]::new('--willpower', '--willpower', [CompletionResultType]::ParameterName, 'Spend a Willpower point on each roll (what that does is the edition''s rule)')
            [CompletionResult]::new('--rote', '--rote', [CompletionResultType]::ParameterName, 'Rote: dice that fail are rolled again and the better result kept')
            [CompletionResult]::new('--automatic', '--automatic', [CompletionResultType]::ParameterName, 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action;multiple' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--again', '--again', [CompletionResultType]::ParameterName, 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none')
            [CompletionResult]::new('--unskilled', '--unskilled', [CompletionResultType]::ParameterName, 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)')
            [CompletionResult]::new('--pools', '--pools', [CompletionResultType]::ParameterName, 'Each action''s pool before the penalty, in the order taken (7,6,6)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Difficulty of each action (one for all, or one per action)')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'Difficulty of each action (one for all, or one per action)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--specialty', '--specialty', [CompletionResultType]::ParameterName, 'The trait rolled has a specialty (what that does is the edition''s rule)')
            [CompletionResult]::new('--willpower', '--willpower', [CompletionResultType]::ParameterName, 'Spend a Willpower point on each roll (what that does is the edition''s rule)')
            [CompletionResult]::new('--rote', '--rote', [CompletionResultType]::ParameterName, 'Rote: dice that fail are rolled again and the better result kept')
            [CompletionResult]::new('--automatic', '--automatic', [CompletionResultType]::ParameterName, 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action;teamwork' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--again', '--again', [CompletionResultType]::ParameterName, 'Roll again on this face or higher, overriding the edition: 8, 9, 10 or none')
            [CompletionResult]::new('--unskilled', '--unskilled', [CompletionResultType]::ParameterName, 'The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2)')
            [CompletionResult]::new('--pools', '--pools', [CompletionResultType]::ParameterName, 'Each character''s dice, comma-separated (4,5,3)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Difficulty in the edition''s terms (default: its standard task)')
            [CompletionResult]::new('--difficulty', '--difficulty', [CompletionResultType]::ParameterName, 'Difficulty in the edition''s terms (default: its standard task)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Successes the team needs (1..=200)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Successes the team needs (1..=200)')
            [CompletionResult]::new('--max-rolls', '--max-rolls', [CompletionResultType]::ParameterName, 'Stop after this many rolls; default: until it ends (up to 100000)')
            [CompletionResult]::new('--botch', '--botch', [CompletionResultType]::ParameterName, 'What a botch of the team''s roll does (default: the edition''s rule)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--specialty', '--specialty', [CompletionResultType]::ParameterName, 'The trait rolled has a specialty (what that does is the edition''s rule)')
            [CompletionResult]::new('--willpower', '--willpower', [CompletionResultType]::ParameterName, 'Spend a Willpower point on each roll (what that does is the edition''s rule)')
            [CompletionResult]::new('--rote', '--rote', [CompletionResultType]::ParameterName, 'Rote: dice that fail are rolled again and the better result kept')
            [CompletionResult]::new('--automatic', '--automatic', [CompletionResultType]::ParameterName, 'Take automatic successes instead of rolling where the edition allows (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action;resisted' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--a', '--a', [CompletionResultType]::ParameterName, 'Side A: POOL or POOL@DIFFICULTY, members of a group joined by + (5@6+4@6)')
            [CompletionResult]::new('--b', '--b', [CompletionResultType]::ParameterName, 'Side B, the same way')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action;contest' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--a', '--a', [CompletionResultType]::ParameterName, 'Side A: POOL or POOL@DIFFICULTY per round, comma-separated, the last repeating (5@5,5@5,6@4); group members joined by +')
            [CompletionResult]::new('--b', '--b', [CompletionResultType]::ParameterName, 'Side B, the same way')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Score that wins (1..=200)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Score that wins (1..=200)')
            [CompletionResult]::new('--max-rounds', '--max-rounds', [CompletionResultType]::ParameterName, 'Stop after this many rounds; default: until it ends (up to 100000)')
            [CompletionResult]::new('--tally', '--tally', [CompletionResultType]::ParameterName, 'Separate tallies or one running difference (default: the edition''s rule)')
            [CompletionResult]::new('--botch', '--botch', [CompletionResultType]::ParameterName, 'What a botch does to the botching side (default: the edition''s rule)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action;prolonged' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'Editions, comma-separated: ids (revised, fta, uwod, hubris) or house-rule .toml paths (`-` reads one from standard input). `wodds odds` puts several side by side; an action takes one')
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Exact enumeration or Monte Carlo sampling')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the Monte Carlo run: same seed, same numbers')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--a', '--a', [CompletionResultType]::ParameterName, 'Side A: POOL or POOL@DIFFICULTY per contest, comma-separated, the last repeating')
            [CompletionResult]::new('--b', '--b', [CompletionResultType]::ParameterName, 'Side B, the same way')
            [CompletionResult]::new('--a-resistance', '--a-resistance', [CompletionResultType]::ParameterName, 'Contests A can lose before giving up (its Resistance attribute, 1..=200)')
            [CompletionResult]::new('--b-resistance', '--b-resistance', [CompletionResultType]::ParameterName, 'Contests B can lose before giving up (1..=200)')
            [CompletionResult]::new('--max-rounds', '--max-rounds', [CompletionResultType]::ParameterName, 'Stop after this many contests; default: until it ends (up to 100000)')
            [CompletionResult]::new('--tie', '--tie', [CompletionResultType]::ParameterName, 'Who wins a tied contest (default: the edition''s rule)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;action;help' {
            [CompletionResult]::new('extended', 'extended', [CompletionResultType]::ParameterValue, 'Roll again and again until the successes add up to a target')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Try again after failing, the difficulty rising with each failure')
            [CompletionResult]::new('multiple', 'multiple', [CompletionResultType]::ParameterValue, 'Several actions in one turn: each pool loses dice for the others')
            [CompletionResult]::new('teamwork', 'teamwork', [CompletionResultType]::ParameterValue, 'Several characters work together until a target: separate rolls added, or (hubris) the first character''s roll with the others'' help as an Edge')
            [CompletionResult]::new('resisted', 'resisted', [CompletionResultType]::ParameterValue, 'One roll against another: only the margin counts')
            [CompletionResult]::new('contest', 'contest', [CompletionResultType]::ParameterValue, 'Extended and resisted: each round''s winner scores the margin; first to the target wins')
            [CompletionResult]::new('prolonged', 'prolonged', [CompletionResultType]::ParameterValue, 'Contests until one side has lost as many as its Resistance (hubris)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'wodds;action;help;extended' {
            break
        }
        'wodds;action;help;retry' {
            break
        }
        'wodds;action;help;multiple' {
            break
        }
        'wodds;action;help;teamwork' {
            break
        }
        'wodds;action;help;resisted' {
            break
        }
        'wodds;action;help;contest' {
            break
        }
        'wodds;action;help;prolonged' {
            break
        }
        'wodds;action;help;help' {
            break
        }
        'wodds;rules' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'The settings that differ between two editions or house rules')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'wodds;rules;show' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;rules;diff' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;rules;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'The settings that differ between two editions or house rules')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'wodds;rules;help;show' {
            break
        }
        'wodds;rules;help;diff' {
            break
        }
        'wodds;rules;help;help' {
            break
        }
        'wodds;compare' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Conflicts a rule set where a scenario has no round chain (default: the scenario''s), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the paired runs (default: the scenario''s)')
            [CompletionResult]::new('--sampler', '--sampler', [CompletionResultType]::ParameterName, 'How scenarios are played: `round` (exactly from both round chains where both have one, else as `outcome`), or both rule sets on the same random numbers drawing `outcome` (whole attacks and rolls from their exact distributions) or `die` (every die), even where the chains would give exact figures')
            [CompletionResult]::new('--top', '--top', [CompletionResultType]::ParameterName, 'Rows of the single-roll and actions tables shown (largest change first) in the table and markdown formats, 1..=10000; CSV and JSON list every one that moved')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file (whole, or not at all) instead of stdout')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Also write the comparison as a page: the report of the scenarios under BASE and RULE that opens with "What your rule changes" (`wodds report SCENARIOS --editions BASE,RULE --against BASE --out DIR`), built beside DIR and put in place whole')
            [CompletionResult]::new('--max-states', '--max-states', [CompletionResultType]::ParameterName, 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;report' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The report''s directory, built beside it and renamed into place whole [default: reports/latest]; with --shard, the part''s directory')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Fights, chases or grapples an edition for every scenario (default: each scenario''s), 1..=1000000000')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of every scenario (default: each scenario''s)')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions instead of the scenarios'', comma-separated (ids or house-rule paths)')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions instead of the scenarios'', comma-separated (ids or house-rule paths)')
            [CompletionResult]::new('--against', '--against', [CompletionResultType]::ParameterName, 'One of the report''s editions to measure the others against: the page then opens with "What your rule changes" (as `wodds compare`) and the report holds changes.parquet')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'What to print once the report is written: a line (table) or JSON (its directory, page, scenarios and every file with its size and sha256, as the manifest lists them)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Play only shard I of N''s share of the batches (I from 0) and write its tallies to --out as a part, for `wodds merge`')
            [CompletionResult]::new('--max-states', '--max-states', [CompletionResultType]::ParameterName, 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Write into --out even if it is not a wodds report directory (or its manifest is damaged): wodds still removes only the files it wrote, and keeps any other file where it puts one of its own as NAME.~1~')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--timings', '--timings', [CompletionResultType]::ParameterName, 'Print the time each part took on stderr')
            [CompletionResult]::new('--tables-only', '--tables-only', [CompletionResultType]::ParameterName, 'Only the tables (Parquet and CSV) and the manifest: no charts and no page. A lean baseline for `wodds check`, small enough to review in a pull request''s diff')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;check' {
            [CompletionResult]::new('--baseline', '--baseline', [CompletionResultType]::ParameterName, 'The baseline: a report directory made by `wodds report`, made again from its manifest.json; its paths are read from the directory the report was made from, wherever check runs')
            [CompletionResult]::new('--alpha', '--alpha', [CompletionResultType]::ParameterName, 'Level of the tests of estimates, after Holm''s correction over all of them, in (0, 1)')
            [CompletionResult]::new('--min-effect', '--min-effect', [CompletionResultType]::ParameterName, 'Smallest change of an estimate reported, in the metric''s unit (a probability for a share)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the output to FILE (whole or not at all) instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the output to FILE (whole or not at all) instead of stdout')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'Also write a Markdown summary to FILE (whole or not at all), for a pull request''s job summary: append it to $GITHUB_STEP_SUMMARY')
            [CompletionResult]::new('--max-states', '--max-states', [CompletionResultType]::ParameterName, 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Replace the baseline with the new report: built beside it and swapped in whole; only the files its manifest lists are replaced, anything else in its folder stays')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;merge' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Parts of `wodds report`: the report''s directory (required)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Parts of `wodds run`: the file to write instead of stdout (whole, or not at all)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Parts of `wodds run`: the file to write instead of stdout (whole, or not at all)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Parts of `wodds run`: the output format [default: table]')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Parts of `wodds report`: write into --out even if it is not a wodds report directory (wodds still removes only the files it wrote)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--timings', '--timings', [CompletionResultType]::ParameterName, 'Parts of `wodds report`: print the time each part took on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'wodds;sweep' {
            [CompletionResult]::new('--vary', '--vary', [CompletionResultType]::ParameterName, 'What to vary and its values: `Member.trait=1..5`, `Member.weapon=knife,club`, `Member.tactics.attack=basic,power`, `rules.<setting>=...` (an edition setting, as a house rule on top of each edition). Twice for a grid')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions (ids or house-rule paths) in place of the scenario''s')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions (ids or house-rule paths) in place of the scenario''s')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Fights a point where the fight has no round chain (default: the scenario''s trials)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the fights a point plays where it has no round chain (default: the scenario''s)')
            [CompletionResult]::new('--sampler', '--sampler', [CompletionResultType]::ParameterName, 'How fights are drawn, as `wodds run --sampler`: `round` (exact from the round chain where a point has one, else as `outcome`), `outcome` or `die` (every point estimated)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Also write `sweep.parquet`, its charts and a manifest into this folder (written whole, or not at all; a sweep there before is replaced, file for file, and anything else in it kept)')
            [CompletionResult]::new('--max-states', '--max-states', [CompletionResultType]::ParameterName, 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Write into --out even if it is not a sweep''s folder: wodds still removes only the files it wrote, and keeps any other file where it puts one of its own as NAME.~1~')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'wodds;balance' {
            [CompletionResult]::new('--vary', '--vary', [CompletionResultType]::ParameterName, 'The integer path to vary and its range: `Member.trait=1..5`, or `rules.<setting>=lo..hi`')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The first side''s win rate to aim at, 0..1')
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'Editions (ids or house-rule paths) in place of the scenario''s')
            [CompletionResult]::new('--editions', '--editions', [CompletionResultType]::ParameterName, 'Editions (ids or house-rule paths) in place of the scenario''s')
            [CompletionResult]::new('--trials', '--trials', [CompletionResultType]::ParameterName, 'Fights a value where the fight has no round chain (default: the scenario''s trials)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the fights a point plays where it has no round chain (default: the scenario''s)')
            [CompletionResult]::new('--sampler', '--sampler', [CompletionResultType]::ParameterName, 'How fights are drawn, as `wodds run --sampler`: `round` (exact from the round chain where a point has one, else as `outcome`), `outcome` or `die` (every point estimated)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-states', '--max-states', [CompletionResultType]::ParameterName, 'The most states a round chain may hold before a conflict is drawn by the outcome sampler instead (its rounds may walk 64 paths through their dice a state); where no chain is built, the output says why and which limit to try')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No progress bar')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'wodds;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'wodds;man' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write wodds.1 and a page for every subcommand (wodds-run.1, wodds-action-extended.1, ...) into this directory (made if missing; each page written whole), instead of wodds.1 to stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'wodds;help' {
            [CompletionResult]::new('odds', 'odds', [CompletionResultType]::ParameterValue, 'Odds of a single roll: one row per (pool, difficulty)')
            [CompletionResult]::new('sheet', 'sheet', [CompletionResultType]::ParameterValue, 'An odds sheet for the players: pool by difficulty grids of success and botch, editions side by side (Markdown, CSV, printable HTML)')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Play a scenario''s fights, many times, under each of its editions')
            [CompletionResult]::new('action', 'action', [CompletionResultType]::ParameterValue, 'Multi-roll actions: extended, teamwork, retry, multiple, resisted, contest, prolonged')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'What an edition or house rule says, setting by setting (`show`), and how two differ (`diff`)')
            [CompletionResult]::new('compare', 'compare', [CompletionResultType]::ParameterValue, 'What a rule changes against a base: settings, single roll, actions and scenarios, largest first, with a verdict a scenario')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'The whole report: tables (Parquet and CSV), charts and one HTML page comparing the editions')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'The regression gate: make a baseline report again and say which odds moved (exit 1 if any did)')
            [CompletionResult]::new('merge', 'merge', [CompletionResultType]::ParameterValue, 'Add up shards'' parts (`wodds report --shard`, `wodds run --shard`) into what the command writes in one go, byte for byte')
            [CompletionResult]::new('sweep', 'sweep', [CompletionResultType]::ParameterValue, 'What a dot, a weapon or a rule setting is worth: a scenario with one or two values varied, point by point, under each edition')
            [CompletionResult]::new('balance', 'balance', [CompletionResultType]::ParameterValue, 'Which value of a trait or setting evens a fight, under each edition')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Shell completions for bash, elvish, fish, PowerShell or zsh, on stdout')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'The man page (or, with --out, a page for every subcommand)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'wodds;help;odds' {
            break
        }
        'wodds;help;sheet' {
            break
        }
        'wodds;help;run' {
            break
        }
        'wodds;help;action' {
            [CompletionResult]::new('extended', 'extended', [CompletionResultType]::ParameterValue, 'Roll again and again until the successes add up to a target')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Try again after failing, the difficulty rising with each failure')
            [CompletionResult]::new('multiple', 'multiple', [CompletionResultType]::ParameterValue, 'Several actions in one turn: each pool loses dice for the others')
            [CompletionResult]::new('teamwork', 'teamwork', [CompletionResultType]::ParameterValue, 'Several characters work together until a target: separate rolls added, or (hubris) the first character''s roll with the others'' help as an Edge')
            [CompletionResult]::new('resisted', 'resisted', [CompletionResultType]::ParameterValue, 'One roll against another: only the margin counts')
            [CompletionResult]::new('contest', 'contest', [CompletionResultType]::ParameterValue, 'Extended and resisted: each round''s winner scores the margin; first to the target wins')
            [CompletionResult]::new('prolonged', 'prolonged', [CompletionResultType]::ParameterValue, 'Contests until one side has lost as many as its Resistance (hubris)')
            break
        }
        'wodds;help;action;extended' {
            break
        }
        'wodds;help;action;retry' {
            break
        }
        'wodds;help;action;multiple' {
            break
        }
        'wodds;help;action;teamwork' {
            break
        }
        'wodds;help;action;resisted' {
            break
        }
        'wodds;help;action;contest' {
            break
        }
        'wodds;help;action;prolonged' {
            break
        }
        'wodds;help;rules' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Every setting of an edition or house rule: its value, where it was set (file and line) and the note that cites its seed or says it is assumed')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'The settings that differ between two editions or house rules')
            break
        }
        'wodds;help;rules;show' {
            break
        }
        'wodds;help;rules;diff' {
            break
        }
        'wodds;help;compare' {
            break
        }
        'wodds;help;report' {
            break
        }
        'wodds;help;check' {
            break
        }
        'wodds;help;merge' {
            break
        }
        'wodds;help;sweep' {
            break
        }
        'wodds;help;balance' {
            break
        }
        'wodds;help;completions' {
            break
        }
        'wodds;help;man' {
            break
        }
        'wodds;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
