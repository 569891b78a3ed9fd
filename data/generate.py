"""`python -m data.generate` from the repository root, kept working: the generator is `audit.sample.generate`."""

from audit.sample.generate import main

if __name__ == "__main__":
    raise SystemExit(main())
