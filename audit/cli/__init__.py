"""The `citeaudit` command line: one package that imports the library and the flows, never the other way round.

`common` holds the consoles, the error handler and the shared options (`--db`, `--config`, `--since/--until`);
`main` the group and the library commands; `bench`, `eval` and `flows` their commands.
"""

from audit.cli.bench import bench
from audit.cli.eval import eval_cmd
from audit.cli.flows import backfill, nightly, serve
from audit.cli.main import main

main.add_command(bench)
main.add_command(eval_cmd)
main.add_command(nightly)
main.add_command(backfill)
main.add_command(serve)

__all__ = ["main"]
