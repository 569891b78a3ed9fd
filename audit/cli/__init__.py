"""The `citeaudit` command line: one package that imports the library and the flows, never the other way round.

`common` holds the consoles, the error handler and the shared options (`--db`, `--config`, `--since/--until`);
`main` the group and the library commands; `bench`, `eval` and `flows` their commands.
"""

import sys

try:
    from audit.cli.bench import bench
    from audit.cli.eval import eval_cmd
    from audit.cli.flows import backfill, nightly, serve
    from audit.cli.main import main
except KeyboardInterrupt:  # Ctrl-C while the command line loads (seconds on a busy machine): Python's traceback
    sys.stderr.write("error: interrupted\n")  # and a death by SIGINT were all the user saw; the commands' own stop
    sys.exit(130)  # says this, with the exit code a shell gives an interrupted command

main.add_command(bench)
main.add_command(eval_cmd)
main.add_command(nightly)
main.add_command(backfill)
main.add_command(serve)

# `citeaudit --help` lists each command with one line; click cuts a docstring's first sentence past 58 characters
# (80 columns less the longest name) with "...", which cut every one of them mid-phrase
SHORT_HELP = {
    "run": "Audit the logs at --input into DuckDB, without Prefect.",
    "nightly": "Audit the new days (or --day) through the Prefect flow.",
    "backfill": "Re-audit the days --start to --end through Prefect.",
    "serve": "Serve the nightly flow on a cron schedule (Prefect).",
    "sql": "Run a read-only SQL query on the audit database.",
    "report": "Write the self-contained HTML review page.",
    "export": "Export a period's findings with a digested manifest.",
    "verify-export": "Check an export folder against its manifest.",
    "eval": "Audit a labelled set and score it (AUROC, recall).",
    "calibrate": "Fit the support model on the training pairs.",
    "distill-static": "Rebuild the first-stage static embedding.",
    "bench": "Time the audit: answers/s per stage, cold and warm.",
}
for _name, _line in SHORT_HELP.items():
    main.commands[_name].short_help = _line

__all__ = ["main"]
