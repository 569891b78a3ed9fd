"""Citation extraction: marker dialects, structured output, sentences and claims."""
