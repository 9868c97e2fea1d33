"""kore-pipeline: conversation logs in, long-term memory for agents out.

Stages (one module each): :mod:`ingest`, :mod:`extract`, :mod:`importance`,
:mod:`embed`, :mod:`vector_index`, :mod:`decay`, :mod:`compress`, :mod:`store`
and :mod:`lake` (publish), :mod:`search` (serving). :mod:`pipeline` runs them
in order; Prefect flows in ``flows/`` wrap those functions as tasks.
"""

__version__ = "0.1.0"
