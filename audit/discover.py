"""Find the logs an `--input` names: a file, a folder searched recursively (hive partitions, linked folders, each real
folder once) or a glob; citeaudit's own work dirs and exports left out, and whatever would leave logs out unseen (a
folder that cannot be listed, a link to nothing) named."""

from __future__ import annotations

import functools
import glob
import os
from pathlib import Path

from audit.errors import InputError, link_loop, shown_if_not_utf8
from audit.input_schema import file_rows
from audit.output_file import is_export_dir
from audit.workdir import OWNER, WORK_DIR_NAME

# the names a folder's Parquet files go by, whatever their case: `x.parquet` (Spark, pyarrow, DuckDB), `X.PARQUET`
# (exports from Windows tools), `x.pq` and `x.parq` (pandas users); a folder's other files are not logs
PARQUET_SUFFIXES = frozenset({".parquet", ".pq", ".parq"})


def parquet_in(folder: Path) -> list[Path]:
    """The Parquet files under `folder`, searched recursively (hive partitions included), by PARQUET_SUFFIXES;
    citeaudit's own work dirs are not searched (see `in_work_dir`). Linked folders are searched (a day's folder
    linked from another disk was skipped without a word), each real folder once (a link loop ends)."""
    found = []
    searched: set[str] = set()
    for top, dirs, names in os.walk(folder, onerror=_unsearchable, followlinks=True):
        searched.add(os.path.realpath(top))
        dirs[:] = sorted(
            d
            for d in dirs
            if not hidden(d)
            and not is_work_dir(Path(top) / d)
            and not is_export_dir(Path(top) / d)
            and os.path.realpath(Path(top) / d) not in searched
        )
        searched.update(os.path.realpath(Path(top) / d) for d in dirs)  # a second link to one of them: not again
        found += [Path(top) / n for n in names if Path(n).suffix.lower() in PARQUET_SUFFIXES and not hidden(n)]
    return found


def hidden(name: str) -> bool:
    """A file or folder name that holds no data by the convention of Hadoop, Spark, Hive and pyarrow's datasets:
    Spark's `_temporary/` (the part files of a job that failed or is still running) and `_SUCCESS`, a writer's
    `.part-0.parquet` in progress, macOS's `._part-0.parquet` (AppleDouble) beside each file copied to a shared drive.
    They were read as logs: `_temporary`'s files as answers again, `._x.parquet` stopped the run as unreadable."""
    return name.startswith(("_", ".")) and name not in (".", "..")


def _unsearchable(exc: OSError) -> None:
    """A folder the search cannot list (no permission, a mount gone): os.walk skipped it without a word, and the run
    completed without its logs."""
    raise InputError(
        f"cannot search folder {exc.filename} ({exc.strerror}): its logs would be left out of the audit; make it "
        "readable, or give --input the folders to audit"
    )


def _broken_link(link: Path) -> str:
    """Why the link `link` leads to no file: its target is gone, or its chain of links comes back to one of them."""
    if (shown := link_loop(link)) is not None:
        return f"{link}: a link that leads back to itself ({shown}): remove it, or point it at the log"
    return f"{link}: a link to {link.readlink()}, which does not exist"


def _below(path: Path, root: Path) -> tuple[str, ...]:
    """The parts of `path` below `root` (none when it is not below it)."""
    try:
        return path.relative_to(root).parts
    except ValueError:
        return ()


def _glob_root(spec: str) -> str:
    """The folder a glob starts from: its path up to the first part holding a wildcard."""
    parts = Path(spec).parts
    fixed = next((i for i, part in enumerate(parts) if glob.has_magic(part)), len(parts))
    return str(Path(*parts[:fixed])) if fixed else "."


def is_work_dir(folder: Path) -> bool:
    """A folder citeaudit made for a run (its split input, shard results) or for readable copies of a log."""
    return WORK_DIR_NAME.fullmatch(folder.name) is not None and (folder / OWNER).is_file()


def in_work_dir(path: Path) -> bool:
    """Whether `path` lies in a citeaudit work dir: a run killed after its split leaves its shards' copies of the
    rows there, and with the database in (or under) the input folder the next run read them as more logs (each
    answer twice, or the assignment file as a log without answer_id)."""
    return any(is_work_dir(parent) for parent in path.parents)


def answer_inputs(spec: str, contexts_spec: str | None) -> list[str]:
    """The logs at `spec` but the `--contexts` table's files: with the table in the logs' folder, it was read as a
    log too and stopped the run (exit 2, "required column 'conversation_id' is missing")."""
    files = discover_inputs(spec)
    if not contexts_spec:
        return files
    tables = set(discover_inputs(contexts_spec))
    logs = [f for f in files if f not in tables]
    if not logs:
        raise InputError(f"every Parquet file at {spec!r} is a --contexts table: give the answers' files as --input")
    return logs


def discover_inputs(spec: str) -> list[str]:
    """Files named by a path, a folder (searched recursively, hive partitions included) or a glob."""
    if not spec.strip():  # Path("") is ".": every Parquet file under the working directory was read
        raise InputError("the input path is empty: give a Parquet file, a folder or a glob")
    p = Path(spec)
    if p.is_file():
        found = [p]
    else:
        # a glob's folders are searched as a folder is: Spark writes a table as a folder `x.parquet/` of part files
        matched = [p] if p.is_dir() else [Path(f) for f in glob.glob(spec, recursive=True)]
        if not p.is_dir() and "**" in spec:  # `**` reaches every folder under its root: glob skips one it cannot list
            for _ in os.walk(_glob_root(spec), onerror=_unsearchable):
                pass
        if not p.is_dir():  # a glob's wildcards match hidden names as a folder's search leaves them out
            root = Path(_glob_root(spec))
            matched = [m for m in matched if not any(hidden(part) for part in _below(m, root))]
        found = [q for m in matched for q in (parquet_in(m) if m.is_dir() else [m]) if not in_work_dir(q)]
        if not p.is_dir():  # a glob's files (`logs/**/*.parquet`) in an export under the logs are no logs either
            exported = functools.cache(is_export_dir)  # each folder's manifest read once
            found = [q for q in found if not any(exported(d) for d in list(q.parents)[:-1])]
        broken = sorted(f for f in found if f.is_symlink() and not f.exists())  # was skipped: its answers left out
        if broken:
            raise InputError(_broken_link(broken[0]))
        found = [f for f in found if f.is_file()]
    # one spelling per file (`data/x`, `./data/x`, `/abs/data/x`), so its quarantine rows replace each other
    files = sorted({str(f.resolve()) for f in found})
    for f in files:
        if (shown := shown_if_not_utf8(f)) is not None:  # it was a UnicodeEncodeError, exit 1
            raise InputError(f"{shown}: the file name is not UTF-8, which DuckDB cannot open: rename it")
    if not files:
        raise InputError(f"no Parquet input found at {spec!r} (give a file, a folder or a glob)")
    # a file without rows holds nothing to audit; a logger's empty hour is often written without columns
    # (`pa.Table.from_pylist([])`), which DuckDB cannot read beside other files: it stopped the run as a file
    # lacking the contract's columns. Left out unless every file is empty
    return ([f for f in files if file_rows(f) > 0] or files) if len(files) > 1 else files
