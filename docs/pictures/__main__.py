"""`python -m docs.pictures`: render the README's pictures (see docs/pictures/__init__.py)."""

import sys

from docs.pictures import main

sys.exit(main())
