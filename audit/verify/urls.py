"""Links in a claim: read apart from its words, and checked as a key fact of their own.

An answer that points at a page ("Refunds take 30 days, see https://help.example.com/refunds-2024") was verified
word by word with the link in it: the link's pieces matched nothing in the source, its digits were numbers the source
lacked, and a correct claim came out RED. The verifier now reads the claim without its links (`split_urls`), and each
link is a fact the cited source must give: a link the source does not hold (scheme, `www.` and a closing `/` aside,
case aside) is `missing_url:<link>`, which caps the claim below verified, as a quote the source lacks does. A link is
a fact an assistant invents readily (a made-up arXiv or help-centre address), so a copied sentence with a link of its
own is no verbatim match either.
"""

from __future__ import annotations

import re

from audit.extract.scan import url_spans

_SCHEME_OR_WWW = re.compile(r"[a-z][a-z0-9+.-]*://|\bwww\.")
_SPACES = re.compile(r"\s{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+(?=[.,;:!?)\]]|$)")


def split_urls(claim: str) -> tuple[str, tuple[str, ...]]:
    """`claim` without its links (the space they leave tidied) and the links, in order."""
    spans = url_spans(claim)
    if not spans:
        return claim, ()
    pieces, last = [], 0
    for start, end in spans:
        pieces.append(claim[last:start])
        last = end
    pieces.append(claim[last:])
    text = _SPACE_BEFORE_PUNCT.sub("", _SPACES.sub(" ", " ".join(pieces))).strip()
    return text, tuple(claim[s:e] for s, e in spans)


def normal_url(url: str) -> str:
    """A link as it is compared: lower case, without its scheme, a leading `www.` or a closing `/`."""
    return _SCHEME_OR_WWW.sub("", url.lower(), count=1).rstrip("/")


def missing_urls(urls: tuple[str, ...], source: str) -> list[str]:
    """`missing_url:<link>` for each of `urls` the source does not give (compared as `normal_url` reads them)."""
    if not urls:
        return []
    text = _SCHEME_OR_WWW.sub("", source.lower())
    return [f"missing_url:{u}" for u in urls if normal_url(u) and normal_url(u) not in text]
