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

__all__ = ["main"]
