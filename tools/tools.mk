# tools/ - the user-facing hwprof program.
