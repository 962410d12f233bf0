"""`wondersmith build --watch`: rebuild on save, live preview, in a real headless browser.

The browser tests copy cards/ to a temporary project, start `build --watch` there, open the
sheet in headless Chromium and edit the YAML as a designer would. They skip only when no
Chromium can be found, and fail instead on CI (CI=true), where `.ci/install-browser` must
have installed it.
"""
from __future__ import annotations

import shutil
import signal
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browser import Watch, require_chromium, start_browser, text_of, wait_until
from wondersmith.build import run_build
from wondersmith.api import validate_paths as collect
from wondersmith.manifest import Manifest
from wondersmith.render import catalogs, i18n
from wondersmith.tools.preview import State, inject
from wondersmith.tools.watch import Rebuilder

ROOT = Path(__file__).resolve().parents[1]
COST = "#building-logging_camp .coin-n"
LOGGING_CAMP = "  - id: logging_camp\n    name: Logging Camp\n    color: brown\n    cost: {coins: %d}\n"
TIMEOUT = 30.0  # a bound for a hung loop, not a speed requirement (see benchmarks/bench_watch.py)


def _copy_project(target: Path) -> Path:
    shutil.copytree(ROOT / "cards", target / "cards")
    return target


def sheet(project: Path, lang: str) -> Path:
    """The HTML sheet of Duel in `lang` (named duel-<lang>[-<paper>].html)."""
    found = sorted((project / "generated" / "sheets").glob(f"duel-{lang}*.html"))
    assert len(found) == 1, found
    return found[0]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return _copy_project(tmp_path / "project")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory):
    """A watched project and a headless browser on its English sheet."""
    require_chromium()
    project = _copy_project(tmp_path_factory.mktemp("live"))
    watch = Watch(project)
    driver = None
    try:
        url = watch.url()
        watch.wait_for_line(r"rebuilt in")
        driver = start_browser(tmp_path_factory.mktemp("chromium-profile"))
        driver.get(url)
        link = wait_until(lambda: driver.find_elements("partial link text", "duel-en"),
                          TIMEOUT, "the index to list the English sheet")[0]
        link.click()
        wait_until(lambda: text_of(driver, COST) == "1", TIMEOUT, "the sheet to load")
        yield project, watch, driver
    finally:
        if driver is not None:
            driver.quit()
        watch.kill()


def test_a_saved_cost_change_shows_in_the_open_page(live) -> None:
    project, watch, driver = live
    age1 = project / "cards" / "duel" / "age1.yaml"
    saved = time.perf_counter()
    _edit(age1, LOGGING_CAMP % 1, LOGGING_CAMP % 4)
    wait_until(lambda: text_of(driver, COST) == "4", TIMEOUT, "the page to show the new cost")
    latency = time.perf_counter() - saved
    print(f"save to new cost in the page: {latency * 1000:.0f} ms")
    assert driver.current_url.endswith("/" + sheet(project, "en").name)
    # The served page carries the reload client; the file on disk does not.
    on_disk = sheet(project, "en").read_text(encoding="utf-8")
    assert '<span class="coin-n">4</span>' in on_disk
    assert "wondersmith-state" not in on_disk
    _edit(age1, LOGGING_CAMP % 4, LOGGING_CAMP % 1)
    wait_until(lambda: text_of(driver, COST) == "1", TIMEOUT, "the page to show the old cost")


def card_cost(driver, name: str = "Logging Camp") -> str | None:
    """The coins printed on the front of the card called `name`, or None (also while
    reloading)."""
    from selenium.common.exceptions import WebDriverException

    try:
        return driver.execute_script(
            "for (const face of document.querySelectorAll('section.front article.face')) {"
            "  const name = face.querySelector('.name');"
            "  if (name && name.textContent === arguments[0]) {"
            "    const coins = face.querySelector('.coin-n');"
            "    return coins && coins.textContent; } }"
            "return null;", name)
    except WebDriverException:
        return None


def test_the_cards_page_beside_the_sheets_follows_a_saved_change(live) -> None:
    project, watch, driver = live
    base = driver.current_url.rsplit("/", 1)[0] + "/"
    driver.get(base)
    link = wait_until(lambda: driver.find_elements("css selector",
                                                   '#cards a[href="cards/duel-en-a4.html"]'),
                      TIMEOUT, "the index to list the English cards of Duel")[0]
    assert driver.find_elements("css selector", '#sheets a[href="duel-en-a4.html"]')
    link.click()
    wait_until(lambda: card_cost(driver) == "1", TIMEOUT, "the cards to load")
    assert driver.find_elements("css selector", "section.page")  # the print layout's pages
    age1 = project / "cards" / "duel" / "age1.yaml"
    _edit(age1, LOGGING_CAMP % 1, LOGGING_CAMP % 4)
    try:
        wait_until(lambda: card_cost(driver) == "4", TIMEOUT,
                   "the card page to show the new cost")
        assert driver.current_url.endswith("/cards/duel-en-a4.html")
    finally:
        _edit(age1, LOGGING_CAMP % 4, LOGGING_CAMP % 1)
    wait_until(lambda: card_cost(driver) == "1", TIMEOUT, "the old cost again")
    driver.get(base + sheet(project, "en").name)  # where the other tests expect it
    wait_until(lambda: text_of(driver, COST) == "1", TIMEOUT, "the sheet to load")


def test_invalid_data_shows_the_diagnostics_over_the_page_until_fixed(live) -> None:
    project, watch, driver = live
    age1 = project / "cards" / "duel" / "age1.yaml"
    hostile = "<img src=x onerror=alert(1)>"
    _edit(age1, "    color: brown\n", f"    color: '{hostile}'\n")
    overlay = wait_until(lambda: text_of(driver, "#wondersmith-overlay"), TIMEOUT,
                         "the diagnostics overlay")
    assert "WS205" in overlay and "age1.yaml:7:12" in overlay
    assert hostile in overlay  # shown as text ...
    assert not driver.find_elements("css selector", "#wondersmith-overlay img")  # ... not markup
    # The terminal has them too. Waited for in order, not looked up after the fact: an
    # earlier edit's save may have left a "not rebuilt" line of its own still unread.
    watch.wait_for_line(r"WS205")
    watch.wait_for_line(r"not rebuilt: fix the problems above")
    assert text_of(driver, COST) == "1"  # the last good build stays behind the overlay
    _edit(age1, f"    color: '{hostile}'\n", "    color: brown\n")
    wait_until(lambda: text_of(driver, "#wondersmith-overlay") is None, TIMEOUT,
               "the overlay to go once the data is fixed")
    watch.wait_for_line(r"rebuilt in")
    assert watch.process.poll() is None  # the loop survived


def test_watch_renders_html_not_pdf_and_serves_only_the_sheets(project: Path) -> None:
    watch = Watch(project)
    try:
        url = watch.url()
        watch.wait_for_line(r"rebuilt in")
        sheets = project / "generated" / "sheets"
        games = sorted(p.parent.name for p in (project / "cards").glob("*/game.yaml"))
        assert sorted(p.suffix for p in sheets.iterdir()) == [".html"] * 5 * len(games)
        for game in games:  # every game's, in the five languages
            assert (project / "generated" / game / "ruleset.json").is_file()
        assert (project / "docs" / "rules" / "duel-en.md").is_file()
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + sheet(project, "fr").name) as response:
            page = response.read().decode("utf-8")
        assert "/__wondersmith/events" in page
        on_disk = sheet(project, "fr").read_text(encoding="utf-8")
        cut = on_disk.rindex("</body>")  # the client goes in there, the rest is as written
        assert page.startswith(on_disk[:cut]) and page.endswith(on_disk[cut:])
        assert "/__wondersmith/events" not in on_disk
        for path in ("../cards/duel/game.yaml", "..%2Fcards%2Fduel%2Fgame.yaml",
                     "generated/duel/ruleset.json", "etc/passwd", "duel-xx.html"):
            with pytest.raises(urllib.error.HTTPError) as error:
                urllib.request.urlopen(url + path)
            assert error.value.code == 404, path
        with urllib.request.urlopen(url + "any/fonts/NotoSans-Regular.ttf") as response:
            assert response.headers["Content-Type"] == "font/ttf"
        rebinding = urllib.request.Request(url, headers={"Host": "attacker.example"})
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(rebinding)
        assert error.value.code == 403
    finally:
        code, output = watch.stop()
    assert code == 0, output


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_and_sigterm_stop_the_loop_cleanly(project: Path, sig: int) -> None:
    watch = Watch(project)
    watch.url()
    watch.wait_for_line(r"rebuilt in")
    code, output = watch.stop(sig)
    assert code == 0, output
    assert "stopped watching" in output
    assert "Traceback" not in output and "KeyboardInterrupt" not in output


def test_invalid_data_at_start_keeps_watching(project: Path) -> None:
    _edit(project / "cards" / "duel" / "age1.yaml", "color: brown", "color: browne")
    watch = Watch(project)
    try:
        watch.url()
        watch.wait_for_line(r"WS205")
        watch.wait_for_line(r"not rebuilt")
        _edit(project / "cards" / "duel" / "age1.yaml", "color: browne", "color: brown")
        watch.wait_for_line(r"changed: cards/duel/age1\.yaml")
        watch.wait_for_line(r"rebuilt in")
    finally:
        code, output = watch.stop()
    assert code == 0, output


def test_a_busy_port_is_a_clear_error(project: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        watch = Watch(project, ("--port", str(busy.getsockname()[1])))
        watch.process.wait(timeout=TIMEOUT)
        code, output = watch.stop()
    assert code == 2, output
    assert "cannot serve the preview on 127.0.0.1" in output and "Traceback" not in output


def test_state_embedded_in_a_page_cannot_close_its_script() -> None:
    state = State("v1", "bad name '</script><script>alert(1)</script>' & more")
    page = inject("<html><body><p>sheet</p></body></html>", state)
    embedded = page[page.index("wondersmith-state"):page.index("</script>")]
    assert "<" not in embedded.split(">", 1)[1]
    assert page.count("</script>") == 2 and page.endswith("</body></html>")
    assert state.to_json().count("\\u003c/script\\u003e") == 2


def _rebuilder(project: Path, monkeypatch: pytest.MonkeyPatch, calls: list | None = None):
    monkeypatch.chdir(project)
    return Rebuilder(Path("cards"),
                     lambda: calls.append("sheets") if calls is not None else None)


@pytest.mark.parametrize("old, new", [
    (None, None),  # valid data
    ("color: brown", "color: browne"),  # schema
    ("chain_from: amphora", "chain_from: amphorae"),  # semantics
    ("logging_camp: Exploitation", "logging_camps: Exploitation"),  # locale names
    ("  - id: lumber_yard", "  -id: lumber_yard"),  # YAML
])
def test_the_loop_reports_exactly_what_validate_does(project: Path, monkeypatch, old, new) -> None:
    if old is not None:
        path = next(p for p in (project / "cards" / "duel").rglob("*.yaml")
                    if old in p.read_text(encoding="utf-8"))
        _edit(path, old, new)
    rebuild = _rebuilder(project, monkeypatch)
    diagnostics, games = rebuild.validate()
    assert diagnostics == collect([Path("cards")])
    assert bool(diagnostics) == (old is not None)
    outcome = rebuild()
    assert outcome.ok == (old is None) and outcome.diagnostics == diagnostics


def test_a_stray_card_file_is_reported_as_validate_does(project: Path, monkeypatch) -> None:
    shutil.copy(project / "cards" / "duel" / "age1.yaml", project / "cards" / "age1.yaml")
    rebuild = _rebuilder(project, monkeypatch)
    diagnostics, _ = rebuild.validate()
    assert [d.code for d in diagnostics] == ["WS317"]
    assert diagnostics == collect([Path("cards")])


def test_pages_hear_of_new_sheets_only_when_a_sheet_changed(project: Path, monkeypatch) -> None:
    calls: list[str] = []
    rebuild = _rebuilder(project, monkeypatch, calls)
    assert rebuild().ok and calls == ["sheets"]
    assert rebuild().changed == [] and calls == ["sheets"]
    _edit(project / "cards" / "duel" / "age1.yaml", LOGGING_CAMP % 1, LOGGING_CAMP % 3)
    outcome = rebuild()
    assert calls == ["sheets", "sheets"]
    changed = {p.as_posix() for p in outcome.changed}
    assert {sheet(project, lang).relative_to(project).as_posix()
            for lang in i18n.LANGUAGES} <= changed
    assert "generated/duel/ruleset.json" in changed
    assert not any(p.endswith(".pdf") for p in changed)
    # The build's manifest knows: a plain build finds the code, HTML and docs current.
    assert Manifest(Path(".")).false_claims() == []
    report = run_build(Path("cards"), formats=("html",))
    assert report.ok and report.written == []


def test_card_pages_are_rendered_only_for_what_changed(project: Path, monkeypatch) -> None:
    pages: list[dict[str, str]] = []
    monkeypatch.chdir(project)
    rebuild = Rebuilder(Path("cards"), on_cards=pages.append)
    games = ("agora", "classic", "duel")
    assert rebuild().card_pages == len(games) * len(i18n.LANGUAGES)
    assert sorted(pages[0]) == sorted(f"{game}-{lang}-a4.html" for game in games
                                      for lang in i18n.LANGUAGES)
    assert '<section class="page front' in pages[0]["duel-en-a4.html"]
    assert not (project / "generated" / "cards").exists()  # served from memory, never written
    outcome = rebuild()
    assert outcome.card_pages == 0 and len(pages) == 1
    _edit(project / "cards" / "duel" / "locales" / "fr.yaml", "Le Colosse", "Le Grand Colosse")
    rebuild()
    # That language of Duel, and of Agora, which takes Duel's names.
    assert sorted(pages[1]) == ["agora-fr-a4.html", "duel-fr-a4.html"]
    assert all("Le Grand Colosse" in page for page in pages[1].values())
    # A game's own card template: its failure is the rebuild's problem, in one line, and the
    # fixed template renders again.
    own = project / "cards" / "duel" / "templates"
    own.mkdir()
    (own / "cards.html.j2").write_text("<p>\n{{ no_such_value }}\n</p>\n")
    broken = rebuild()
    assert not broken.ok and "cards not rendered: duel: " in broken.problem
    assert "cards.html.j2:2: UndefinedError" in broken.problem and len(pages) == 2
    (own / "cards.html.j2").write_text("<p class=\"mine\">{{ title }}</p>\n")
    fixed = rebuild()
    assert fixed.ok and fixed.card_pages == len(i18n.LANGUAGES)
    assert pages[2]["duel-en-a4.html"] == '<p class="mine">7 Wonders Duel</p>\n'


def test_a_games_card_template_is_watched() -> None:
    from wondersmith.tools.watch import _wanted

    assert _wanted(None, "/p/cards/duel/templates/cards.html.j2")
    assert _wanted(None, "/p/cards/duel/templates/part.css")
    assert _wanted(None, "/p/cards/duel/age1.yaml")
    assert not _wanted(None, "/p/cards/duel/notes.txt")


def test_a_card_page_reloads_on_new_cards_and_a_sheet_on_new_sheets() -> None:
    from wondersmith.tools.preview import PreviewServer

    server = PreviewServer(ROOT / "generated" / "sheets", ROOT / "compiler" / "render" / "fonts")
    try:
        first = server.state
        server.cards_changed({"duel-en-a4.html": "<p>cards</p>"})
        cards = server.state
        assert cards.version == first.version and cards.cards_version != first.cards_version
        server.sheets_changed()
        assert server.state.cards_version == cards.cards_version
        assert server.state.version != cards.version
        server.show_errors("WS205")
        assert server.state.cards_version == cards.cards_version
        # A card page is told to watch the cards' version, a sheet the sheets'.
        assert '"watched": "cards_version"' in inject("<body></body>", cards, "cards_version")
        assert '"watched": "version"' in inject("<body></body>", cards)
        assert server.card_page("duel-en-a4.html") == "<p>cards</p>"
        assert server.card_page("../duel/ruleset.json") is None
    finally:
        server.close()


@pytest.fixture
def fresh_translations():
    """Translators read during the test are forgotten after it (they may be from a copy)."""
    i18n.translator.cache_clear()
    yield
    i18n.translator.cache_clear()


def test_a_catalog_edit_is_checked_and_rendered(project: Path, monkeypatch,
                                                fresh_translations) -> None:
    locale = project / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    rebuild = _rebuilder(project, monkeypatch)
    assert rebuild().ok
    french_sheet = sheet(project, "fr")
    po = locale / "fr" / "LC_MESSAGES" / "messages.po"
    french = i18n.read_catalog(po, "fr")
    message = next(m for m in french if m.id and isinstance(m.id, str) and m.string
                   and m.string in french_sheet.read_text(encoding="utf-8") and "{" not in m.id)
    message.string = "Texte changé <b>exprès</b>"
    po.write_bytes(catalogs.dump(french))
    assert rebuild().ok
    assert "Texte changé &lt;b&gt;exprès&lt;/b&gt;" in french_sheet.read_text(encoding="utf-8")
    message.string = ""
    po.write_bytes(catalogs.dump(french))
    outcome = rebuild()
    assert [d.code for d in outcome.diagnostics] == ["WS401"]
    assert repr(message.id) in outcome.diagnostics[0].message


class _FakeServer:
    def __init__(self) -> None:
        self.errors: list[str | None] = []

    def show_errors(self, errors: str | None) -> None:
        self.errors.append(errors)


def test_one_rebuild_per_batch_of_saves_and_none_for_an_idle_wake_up(capsys) -> None:
    from watchfiles import Change

    from wondersmith.tools.watch import Outcome, _loop

    builds: list[int] = []

    def build() -> Outcome:
        builds.append(1)
        return Outcome(True, changed=[Path("generated/sheets/duel-en-a4.html")])

    saves = {(Change.modified, str(Path.cwd() / "cards/duel/age1.yaml")),
             (Change.added, str(Path.cwd() / "cards/duel/age2.yaml"))}
    server = _FakeServer()
    _loop(iter([set(), set(), saves, set()]), build, "text", server)
    assert len(builds) == 2  # the first build once the watcher is live, then one per batch
    err = capsys.readouterr().err
    assert "changed: cards/duel/age1.yaml, cards/duel/age2.yaml" in err
    assert err.count("rebuilt in") == 2 and server.errors == [None, None]


def test_outputs_that_cannot_be_written_are_reported_not_fatal(project: Path,
                                                               monkeypatch) -> None:
    from wondersmith.tools.watch import _safe_rebuild

    (project / "generated").mkdir()
    (project / "generated" / "sheets").write_text("a file where the sheets folder goes")
    outcome = _safe_rebuild(_rebuilder(project, monkeypatch))
    assert not outcome.ok
    assert outcome.problem.startswith("cannot write the outputs: ")
    assert "generated/sheets" in outcome.problem
