"""Text helpers shared by every stage: normalisation, stopwords, language detection."""
