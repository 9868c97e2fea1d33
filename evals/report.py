"""The figures of :func:`run_all` as plain-text tables, or as a JSON file."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from evals.coverage import ALL
from evals.madial import QUERY_VARIANTS
from evals.metrics import KS, ratio
from kore_pipeline import files


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}" if not math.isnan(x) else "  n/a"


def format_report(result: dict[str, Any]) -> str:
    """The figures as plain-text tables."""
    lines: list[str] = [f"data: {result['data']}   limit: {result['limit']}"]
    spc = result.get("spc")
    if spc:
        lines += ["", f"== Synthetic-Persona-Chat (test): {spc['conversations']} conversations,"
                      f" {spc['turns']} turns; facts vs gold persona sentences (micro) ==",
                  f"{'match rule':<10} {'facts':>6} {'gold':>6} {'P%':>6} {'R%':>6} "
                  f"{'F1%':>6} {'attrib%':>8} {'misattr':>8}"]
        for rule in ("lexical", "semantic"):
            s = spc.get(rule)
            if s:
                lines.append(f"{rule:<10} {s['facts']:>6} {s['gold']:>6} {_pct(s['precision']):>6}"
                             f" {_pct(s['recall']):>6} {_pct(s['f1']):>6}"
                             f" {_pct(s['attribution']):>8} {s['misattributed']:>8}")
        lines.append(f"  facts credited to a speaker who did not say them (provenance): "
                     f"{spc['provenance_errors']}")
        if spc.get("lexical"):
            lex, said = spc["lexical"], spc["gold_said_by_own_speaker"]
            lines.append(f"  recall ceiling: {said} of {lex['gold']} persona sentences "
                         f"({_pct(ratio(said, lex['gold'])).strip()}%) are said by their own"
                         f" speaker (lexical rule on the turns); lexical recall of those: "
                         f"{_pct(ratio(lex['recalled'], said)).strip()}%")
        for rule in ("lexical", "semantic"):
            s = spc.get(rule)
            if not s:
                continue
            lines.append(f"  per category ({rule}): category facts correct P% misattributed")
            for cat, c in sorted(s["by_category"].items()):
                lines.append(f"    {cat:<11} {c['facts']:>6} {c['correct']:>6} "
                             f"{_pct(ratio(c['correct'], c['facts']))} {c['misattributed']:>6}")
        for rule, text in spc["match_rules"].items():
            if spc.get(rule):
                lines.append(f"  {rule}: {text}")
    mad = result.get("madial")
    if mad:
        lines += ["", f"== MADial-Bench (en): {mad['memories']} memories, {mad['dialogues']}"
                      f" dialogues, k={mad['k']}, now={mad['now']} ==",
                  f"{'mode/query':<22}" + "".join(f"{m:>7}" for m in
                                                  ("R@1", "R@5", "R@10", "H@1", "H@5", "H@10"))]
        for key, m in mad["modes"].items():
            lines.append(f"{key:<22}" + "".join(
                f"{_pct(m[f'{x}@{k}']):>7}" for x in ("recall", "hit") for k in KS))
        other = [v for v in QUERY_VARIANTS if v != mad["default_query"]]
        head = f"{'hybrid formula':<30}{'dw':>5}{'iw':>5}{'k':>5}{'fts':>5}{'vec':>5}"
        head += "".join(f"  {v[:10]:>10} R@5 R@10" for v in [mad["default_query"], *other])
        head += "  R@10 vs b: +/- dialogues"
        lines += ["", f"-- formula comparison (hybrid; recall %, default query "
                      f"'{mad['default_query']}' first) --", head]
        for name, row in mad["formulas"].items():
            st = row["settings"]
            line = (f"{name:<30}{st['decay_weight']:>5g}{st['importance_weight']:>5g}"
                    f"{st['rrf_k']:>5g}{st['fts_weight']:>5g}{st['vector_weight']:>5g}")
            for v in [mad["default_query"], *other]:
                line += f"  {'':>10}{_pct(row[v]['recall@5']):>4}{_pct(row[v]['recall@10']):>5}"
            if "vs_default" in row:
                line += f"  +{row['vs_default']['better']}/-{row['vs_default']['worse']}"
            lines.append(line)
        if mad.get("preferences") and not result.get("preferences"):  # else printed below
            lines += ["", "-- Preferences subset: dialogues needing a Preferences memory, recall of"
                          " those memories only --"]
            lines += _stream_lines(mad["preferences"])
    prefs = result.get("preferences")
    if prefs:
        lines += _preferences_lines(prefs)
    cov = result.get("coverage")
    if cov:
        lines += _coverage_lines(cov)
    upd = result.get("updates")
    if upd:
        lines += _updates_lines(upd)
    loc = result.get("locomo")
    if loc:
        lines += _locomo_lines(loc)
    chats = result.get("chats")
    if chats:
        lines += _chats_lines(chats)
    req = result.get("requests")
    if req:
        lines += _requests_lines(req)
    mb = result.get("memorybank")
    if mb:
        lines += ["", f"== MemoryBank (en): {mb['users']} users, {mb['turns']} user turns;"
                      " gold profile terms found (lexical rule) ==",
                  f"{'terms':<12}{'n':>5}{'in facts%':>11}{'in memories%':>14}"
                  f"{'in user turns%':>16}"]
        for kind in ("hobbies", "personality"):
            c = mb[kind]
            lines.append(f"{kind:<12}{c['terms']:>5}{_pct(c['coverage_in_facts']):>11}"
                         f"{_pct(c['coverage_in_memories']):>14}"
                         f"{_pct(c['coverage_in_user_turns']):>16}")
    cross = result.get("crosslingual")
    if cross:
        lines += _crosslingual_lines(cross)
    lines += ["", "time (s): " + ", ".join(f"{k} {v}" for k, v in result["timings_s"].items())]
    return "\n".join(lines)


def _stream_lines(rows: dict[str, dict[str, float]]) -> list[str]:
    """One line per mode (or mode/query) with R@5 / R@10 %."""
    width = max(22, *(len(k) + 2 for k in rows))
    out = [f"{'mode':<{width}}{'queries':>8}{'R@5':>7}{'R@10':>7}"]
    for key, m in rows.items():
        out.append(f"{key:<{width}}{int(m['queries']):>8}{_pct(m['recall@5']):>7}"
                   f"{_pct(m['recall@10']):>7}")
    return out


def _verdict_line(label: str, modes: dict[str, dict[str, float]]) -> str:
    """"hybrid >= max(keyword, vector)" at R@5 and R@10, with the figures."""
    from evals.preferences import fusion_verdicts

    cells = []
    for key, v in fusion_verdicts(modes).items():
        mark = "yes" if v["ok"] else "NO"
        cells.append(f"{key.replace('recall', 'R')} {mark} ({_pct(v['hybrid']).strip()} vs "
                     f"{v['best_stream']} {_pct(v['best']).strip()})")
    return f"  {label}: hybrid >= max(keyword, vector)? " + "; ".join(cells)


def _preferences_lines(prefs: dict[str, Any]) -> list[str]:
    """Keyword-only, vector-only and hybrid recall on the preference cases, with verdicts."""
    out: list[str] = []
    mad = prefs.get("madial")
    if mad:
        out += ["", f"== Preferences: MADial-Bench Preferences memories ({mad['memories']} of the"
                    f" archive); {mad['dialogues']} dialogues needing one, {mad['relevant']}"
                    " relevant; recall % of those memories =="]
        rows = {f"{mode}/{variant}": m for variant, modes in mad["variants"].items()
                for mode, m in modes.items()}
        out += _stream_lines(rows)
        for variant, modes in mad["variants"].items():
            label = variant + (" (default query)" if variant == mad["default_query"] else "")
            out.append(_verdict_line(label, modes))
    spc = prefs.get("spc")
    if spc:
        out += ["", f"== Preferences: Synthetic-Persona-Chat persona recall: {spc['memories']}"
                    f" persona memories of {spc['conversations']} conversations, one owner;"
                    f" {spc['queries']} turns restating one (lexical {spc['by_rule']['lexical']},"
                    f" semantic only {spc['by_rule']['semantic']}); recall % =="]
        out += _stream_lines(spc["modes"])
        out.append(_verdict_line("persona recall", spc["modes"]))
    return out


def _coverage_lines(cov: dict[str, Any]) -> list[str]:
    """Coverage % of each hand-written list, false facts of the negatives, the misses."""
    width = max(len(name) for name in cov) + 2
    out = ["", "== Extraction coverage: explicit first-person statements yielding their fact"
               " (extract_facts, no model) ==",
           f"{'list':<{width}}{'statements':>10}{'covered':>9}{'coverage%':>10}{'any fact%':>10}"
           f"{'negatives':>10}{'false facts':>12}"]
    for name, c in cov.items():  # in the order of coverage.evaluate_coverage
        out.append(f"{name:<{width}}{c['statements']:>10}{c['covered']:>9}"
                   f"{_pct(c['coverage']):>10}{_pct(c['any_fact_coverage']):>10}"
                   f"{c['negatives']:>10}{c['false_facts']:>12}")
    out.append("  each list is evals/cases/<list>.jsonl; evals/cases/README.md says who wrote it"
               " when and whether rules were tuned on it; all = "
               + " + ".join(n for n in ALL if n in cov) + " (the lists the extractor was written"
               " against and held out from its first rounds)")
    for name, c in cov.items():  # "all" repeats the lists' misses: it keeps none
        for m in c.get("missed", []):
            got = "; ".join(m["got"]) or "no fact"
            out.append(f"  missed ({name}{', ' + m['class'] if m['class'] else ''}):"
                       f" {m['text']!r} [{m['lang']}, {m['expected']}] -> {got}")
        for f in c.get("false", []):
            out.append(f"  false fact ({name}): {f['text']!r} -> {'; '.join(f['got'])}")
    return out


def _updates_lines(upd: dict[str, Any]) -> list[str]:
    """Share of update pairs handled (current, superseded, ranked) and the pairs missed."""
    width = max(len(name) for name in upd) + 2
    out = ["", "== Update pairs: earlier/later statements five months apart, whole pipeline;"
               " % of pairs ==",
           f"{'pairs':<{width}}{'n':>4}{'handled':>9}{'current':>9}{'superseded':>12}"
           f"{'ranked':>8}{'non-updates kept':>18}  by wording"]
    for name, u in upd.items():
        words = ", ".join(f"{w} {_pct(v['handled']).strip()} (n={v['n']})"
                          for w, v in u["by_wording"].items())
        kept = (f"{_pct(u['non_updates_kept']).strip()} (n={u['non_updates']})"
                if u.get("non_updates") else "-")
        out.append(f"{name:<{width}}{u['pairs']:>4}{_pct(u['handled']):>9}"
                   f"{_pct(u['current']):>9}{_pct(u['superseded']):>12}{_pct(u['ranked']):>8}"
                   f"{kept:>18}  {words}")
    out.append("  each list is evals/cases/<list>.jsonl (evals/cases/README.md: who wrote it when,"
               " whether rules were tuned on it), one pipeline run after each session; <list>/"
               "monthly = the same with a run every 30 days between (the earlier facts decay"
               " first); a non-update must leave the earlier fact active")
    for name, u in upd.items():
        for r in u["rows"]:
            if not r["handled"]:
                out.append(f"  missed ({name}, {r['thing']}, {r['wording']}): {r['earlier']!r}"
                           f" -> {r['later']!r} [current {r['current']}, superseded"
                           f" {r['superseded']}, ranked {r['ranked']}]")
    return out


def _recall_rows(retrievers: dict[str, Any], cols: list[str], name_width: int,
                 cell_width: int) -> list[str]:
    """One line per retriever: its R@1/R@5/R@10/R@20 % in each column."""
    return [f"{name:<{name_width}}" + "".join(
        f"{'/'.join(_pct(row[c][f'recall@{k}']).strip() for k in (1, 5, 10, 20)):>{cell_width}}"
        for c in cols) for name, row in retrievers.items()]


def _locomo_lines(loc: dict[str, Any]) -> list[str]:
    """Turn-level recall of evidence per retriever and category (R@5 / R@10 cells)."""
    from evals.locomo import CATEGORIES

    cats = ["overall", *CATEGORIES.values()]
    return ["", f"== LoCoMo (dev): {len(loc['samples'])} conversations, {loc['turns']} turns,"
                f" {loc['questions']} questions; memories {loc['memories']};"
                " turn recall of evidence R@1/R@5/R@10/R@20 % ==",
            f"{'retriever':<25}" + "".join(f"{c:>21}" for c in cats),
            *_recall_rows(loc["retrievers"], cats, 25, 21)]


def _chats_lines(chats: dict[str, Any]) -> list[str]:
    """MemoryBank probing questions: recall of evidence per retriever and kind of question."""
    from evals.memorybank_qa import KINDS, LATER_DAYS

    cols = ["overall", *KINDS]
    counts = chats["retrievers"]["search"]
    return ["", f"== User-assistant chats (MemoryBank probing questions): {len(chats['users'])}"
                f" users, {chats['turns']} turns, {chats['questions']} questions with evidence;"
                " turn recall of evidence R@1/R@5/R@10/R@20 % ==",
            f"{'retriever':<27}" + "".join(f"{c + ' (' + str(counts[c]['n']) + ')':>23}"
                                          for c in cols),
            *_recall_rows(chats["retrievers"], cols, 27, 23),
            f"  search = defaults, a day after the last day; search_later = {LATER_DAYS} days"
            " after (decay has run); search_assistant_episodes = KORE_ASSISTANT_EPISODES=1;"
            " raw_* = every turn of both sides, no pipeline"]


def _requests_lines(req: dict[str, Any]) -> list[str]:
    lines = ["", f"== Requests that imply preferences (dev set): {req['cases']} requests,"
                 f" {req['expected']} preference statements; share in the top {req['top']} ==",
             f"{'variant':<14}{'pref@5%':>9}{'all@5%':>8}{'en%':>7}{'other%':>8}"]
    for name, v in req["variants"].items():
        lines.append(f"{name:<14}{_pct(v['overall']['preference@5']):>9}"
                     f"{_pct(v['overall']['all@5']):>8}{_pct(v['english']['preference@5']):>7}"
                     f"{_pct(v['other_languages']['preference@5']):>8}")
    return lines


def _crosslingual_lines(cross: dict[str, Any]) -> list[str]:
    """Recall of the other-language counterpart, one column per backend."""
    names = list(cross["backends"])
    rows = list(cross["backends"].values())
    first = rows[0]["parallel"]
    lines = ["", f"== Cross-lingual: the same memory in another language (parallel set:"
                 f" {first['memories']} hand-written memories x {len(first['languages'])}"
                 f" languages); recall@1 / recall@5 % ==",
             f"{'pair':<12}" + "".join(f"{n[:24]:>26}" for n in names)]

    def cells(get: Any) -> str:
        return "".join(f"{_pct(get(r)['recall@1']):>19} /{_pct(get(r)['recall@5'])}"
                       for r in rows)

    for pair in first["pairs"]:
        if pair.startswith("en->") or pair.endswith("->en"):
            lines.append(f"{pair:<12}" + cells(lambda r, p=pair: r["parallel"]["pairs"][p]))
    lines.append(f"{'mean (30)':<12}" + cells(lambda r: r["parallel"]["mean"]))
    lines.append(f"{'worst pair':<12}" + cells(lambda r: r["parallel"]["min"]))
    if "memorybank" in rows[0]:
        lines.append(f"MemoryBank user turns, en<->zh ({rows[0]['memorybank']['turns']} each):")
        for pair in ("en->zh", "zh->en"):
            lines.append(f"{pair:<12}" + cells(lambda r, p=pair: r["memorybank"][p]))
    lines.append(f"{'seconds':<12}" + "".join(f"{r['seconds']:>26}" for r in rows))
    return lines


def write_json(result: dict[str, Any], path: Path) -> None:
    """Write every figure as indented JSON."""
    files.write_text(path, json.dumps(result, ensure_ascii=False, indent=2, default=str) + "\n")
