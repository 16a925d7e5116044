// The root script `npx -y pnpm@10 --silent src …` runs this: pnpm starts scripts in the repository root, so
// relative paths (`--body @file`, `--home dir`) would resolve from there; pnpm passes the caller's directory in
// INIT_CWD, and this goes back there before starting the built CLI.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
await import(new URL("../dist/bin.js", import.meta.url).href);
