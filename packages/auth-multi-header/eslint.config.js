import { createConfig } from "@src/eslint-config";

export default createConfig(import.meta.dirname);
