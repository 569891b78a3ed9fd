"""The HTML around a numeric marker that a chat widget rendered and a logger kept (audit.extract.dialects'
`HTML_NUMERIC`, and `SUPERSCRIPT`'s `<sup>1</sup>`): entities for the brackets, the raised and inline elements
wrapping it, and the same escaped again once or twice. Regular expressions only (RE2 and Python's `re` alike)."""

from __future__ import annotations

# HTML a chat widget rendered, logged as is: `&#91;2&#93;`, `&lsqb;2&rsqb;`, `&#x5B;2&#x5D;` show as `[2]`, and
# `<sup>[2]</sup>` (or `<sup>&#91;2&#93;</sup>`) as a raised [2]: the numeric marker they render as, tags and all (they
# stayed in the claim). `<sup>2</sup>`, without brackets, is a superscript 2 and follows its place rule (SUPERSCRIPT)
# The same HTML escaped again by a logger, once or twice (`&lt;sup&gt;[1]&lt;/sup&gt;`, `&amp;lt;sup&amp;gt;`,
# `&amp;#91;1&amp;#93;`): the marker, tags and entities and all (the entities stayed in the text, the next sentence's
# claim began with them and a marker after a stop cited that next sentence: a correct answer RED)
_AMP = r"&(?:amp;){0,2}"
_LT, _GT = rf"(?:<|{_AMP}lt;)", rf"(?:>|{_AMP}gt;)"
HTML_OPEN = rf"(?:{_AMP}#0*91;|{_AMP}(?i:lsqb|lbrack);|{_AMP}#[xX]0*5[bB];)"
HTML_CLOSE = rf"(?:{_AMP}#0*93;|{_AMP}(?i:rsqb|rbrack);|{_AMP}#[xX]0*5[dD];)"
SUP_OPEN, SUP_CLOSE = rf"(?i:{_LT}sup(?:[ \t][^<>\n]{{0,200}}?)?{_GT})", rf"(?i:{_LT}/sup[ \t]*{_GT})"
# A bracket wrapped in one or two inline elements, a link to its source or a footnote (`<a href="...">[1]</a>`,
# `<span class="citation">[1]</span>`, Wikipedia's `<sup class="reference"><a href="#cite_note-1">[1]</a></sup>`), is
# the marker, tags and all, as `<sup>[1]</sup>` is (they stayed in the text: a marker after a stop cited the next
# sentence, tags and all, a correct answer RED)
_INLINE = "(?:sup|a|span|cite)"
WRAP_OPEN = rf"(?:(?i:{_LT}{_INLINE}(?:[ \t][^<>\n]{{0,200}}?)?{_GT})[ \t]*){{1,2}}"
WRAP_CLOSE = rf"(?:[ \t]*(?i:{_LT}/{_INLINE}[ \t]*{_GT})){{1,2}}"
