"""A claim's names its source writes in another form (audit/verify/nameforms.py, the false-alarm sweep, round 4)."""

from __future__ import annotations

from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.nameforms import dated_days, spelled_out


def _names(claim: str, source: str) -> list[str]:
    return [r for r in missing_facts(key_facts(claim), source) if r.startswith("missing_name:")]


def test_a_name_written_out_and_its_acronym() -> None:
    assert _names("The Federal Bureau of Investigation opened an inquiry.", "The FBI opened an inquiry.") == []
    assert _names("The FBI opened an inquiry.", "The Federal Bureau of Investigation opened an inquiry.") == []
    assert _names("The Department of Justice filed the suit.", "The DOJ filed the suit.") == []
    # a part of a longer run ("... and Europol") and a plural acronym
    assert _names("The Federal Bureau of Investigation and Europol met.", "The FBI and Europol met.") == []
    assert _names("Two Non Governmental Organizations left.", "Two NGOs left.") == []
    # another agency, an acronym the source does not spell, two letters (chance) stay missing
    assert _names("The Central Intelligence Agency opened an inquiry.", "The FBI opened an inquiry.") == [
        "missing_name:Central",
        "missing_name:Intelligence",
        "missing_name:Agency",
    ]
    assert _names("The CIA opened an inquiry.", "The Federal Bureau of Investigation opened ...") == [
        "missing_name:CIA"
    ]
    assert _names("It starred Paris Saint.", "It starred PS.") == ["missing_name:Paris", "missing_name:Saint"]
    assert ("Federal", "Bureau", "Investigation") in [n for n, _ in spelled_out("the Federal Bureau of Investigation")]


def test_a_weekday_beside_its_own_date() -> None:
    assert dated_days("on Tuesday, May 4, 2021") == ("Tuesday",)
    assert dated_days("on Friday 13 November 2015") == ("Friday",)
    assert dated_days("on Friday the 13th of November 2015") == ("Friday",)
    assert dated_days("on March 3, 2020, a Tuesday") == ("Tuesday",)
    assert dated_days("on Monday, 2023-01-02") == ("Monday",)
    assert dated_days("on Tuesday, 5/4/2021") == ("Tuesday",)  # May 4 (US), not April 5 (a Monday)
    assert dated_days("on Wednesday, May 4, 2021") == ()
    assert dated_days("on Tuesday, and on May 4, 2021") == ()  # not beside it
    assert _names("It met on Tuesday, May 4, 2021.", "It met on May 4, 2021.") == []
    assert _names("It met on Wednesday, May 4, 2021.", "It met on May 4, 2021.") == ["missing_name:Wednesday"]


def test_a_temperature_scale_by_its_degree_sign() -> None:
    assert _names("It boils at 100 degrees Celsius.", "It boils at 100 °C.") == []
    assert _names("It boils at 100 degrees Celsius.", "It boils at 100℃.") == []
    assert _names("It hit 120 degrees Fahrenheit.", "It hit 120°F.") == []
    assert _names("It boils at 100 degrees Fahrenheit.", "It boils at 100 °C.") == ["missing_name:Fahrenheit"]
    assert _names("It boils at 100 degrees Celsius.", "It boils at 100 °F.") == ["missing_name:Celsius"]


def test_a_title_or_measure_written_out_in_lower_case() -> None:
    assert _names("CEO Elon Musk spoke.", "Chief executive Elon Musk spoke.") == []
    assert _names("Japan's GDP grew.", "Japan's gross domestic product grew.") == []
    assert _names("It was CFO Elon Musk who spoke.", "Chief executive Elon Musk spoke.") == ["missing_name:CFO"]
