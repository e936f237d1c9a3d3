import sys

from vaultsync.entry import main

sys.exit(main())
