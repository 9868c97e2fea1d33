"""The extractor as it was before the speed-up (issue 16) and the new patterns (issue 13),
frozen verbatim from commit da51ab9 (``kore_pipeline/extract/{patterns,patterns_lang,
importance}.py``, ``text/language.py`` and ``memories_from_message`` of ``extract/facts.py``),
imports pointed here. It is the reference ``tests/evals/test_reference.py`` and
``benchmarks/bench_extract.py`` compare the new extractor with: computed from the old code at
run time, no stored outputs. Never edit these files except to delete them.
"""
