"""A country named by its people's adjective, or the adjective by its country (the false-alarm sweep, round 8): "Anne
Rice is an author from the United States" against "an American author" was missing_name:United and :States,
"Jennings had roots in Ireland" against "the son of Irish immigrants" missing_name:Ireland, "The painter was French"
against "born in France" missing_name:French. A source that names one names the other; another country stays
missing ("from Canada" against "an American author"). Not the countries whose name or adjective is a common word
in lower case, which the source's text is read in ("polish", "turkey"). Pure.
"""

from __future__ import annotations

# each country and its adjectives (lower case; `keynames` reads a name written out in any case)
_PAIRS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("united states", ("american", "americans")),
    ("france", ("french",)),
    ("germany", ("german", "germans")),
    ("italy", ("italian", "italians")),
    ("spain", ("spanish",)),
    ("ireland", ("irish",)),
    ("england", ("english",)),
    ("britain", ("british",)),
    ("scotland", ("scottish", "scots")),
    ("wales", ("welsh",)),
    ("china", ("chinese",)),
    ("japan", ("japanese",)),
    ("russia", ("russian", "russians")),
    ("canada", ("canadian", "canadians")),
    ("mexico", ("mexican", "mexicans")),
    ("india", ("indian", "indians")),
    ("australia", ("australian", "australians")),
    ("brazil", ("brazilian", "brazilians")),
    ("sweden", ("swedish",)),
    ("norway", ("norwegian", "norwegians")),
    ("denmark", ("danish",)),
    ("finland", ("finnish",)),
    ("netherlands", ("dutch",)),
    ("greece", ("greek", "greeks")),
    ("portugal", ("portuguese",)),
    ("austria", ("austrian", "austrians")),
    ("switzerland", ("swiss",)),
    ("israel", ("israeli", "israelis")),
    ("egypt", ("egyptian", "egyptians")),
    ("iran", ("iranian", "iranians")),
    ("argentina", ("argentine", "argentinian", "argentinians")),
    ("ukraine", ("ukrainian", "ukrainians")),
    ("nigeria", ("nigerian", "nigerians")),
    ("korea", ("korean", "koreans")),
    # a continent by its adjective (the false-alarm sweep, round 9: "Libya is a country in Europe" against "the
    # European continent" was missing_name:Europe, a supported training pair); not America (the United States')
    ("europe", ("european", "europeans")),
    ("africa", ("african", "africans")),
    ("asia", ("asian", "asians")),
    # a US state by its people's adjective (the false-alarm sweep, round 13: "Meat Loaf is Texan" against "born in
    # Dallas, Texas" was missing_name:Texan, three supported training pairs, no unsupported one); not the states
    # whose adjective names something else too ("Georgian", "New Yorker", "Indianan"/"Indian")
    ("texas", ("texan", "texans")),
    ("california", ("californian", "californians")),
    ("florida", ("floridian", "floridians")),
    ("virginia", ("virginian", "virginians")),
    ("ohio", ("ohioan", "ohioans")),
    ("alaska", ("alaskan", "alaskans")),
    ("hawaii", ("hawaiian", "hawaiians")),
)

# as `keynames._ALIASES` groups: each country with its adjectives (the United States' join its abbreviations' group)
DEMONYM_GROUPS = tuple((country.title(), *(a.title() for a in adjectives)) for country, adjectives in _PAIRS[1:])
US_ADJECTIVES = tuple(a.title() for a in _PAIRS[0][1])

# the countries (not the continents nor the states above) by name, adjective and abbreviation, as a claim writes them
# before an institution's name ("the US Federal Reserve", "the German Bundestag"): `nameforms._country_qualifier`
_COUNTRY_PAIRS = _PAIRS[: next(i for i, (c, _) in enumerate(_PAIRS) if c == "europe")]
COUNTRY_WORDS = frozenset(w.title() for c, adjs in _COUNTRY_PAIRS for w in (c, *adjs)) | {"US", "USA", "UK", "America"}
# ... and their adjectives alone, not a people's plural ("Americans"): "the German Bundestag" (false alarms, round 18)
COUNTRY_ADJECTIVES = frozenset(a.title() for _, adjs in _COUNTRY_PAIRS for a in adjs if a == "swiss" or a[-1] != "s")
