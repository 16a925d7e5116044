#!/usr/bin/env node
// Stable bin entry (exists before the build, so installs can link it); the server itself is in dist/.
import "../dist/bin.js";
