// One flat config for every package: typescript-eslint's type-checked presets.
import eslint from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * @param {string} tsconfigRootDir the package directory (pass `import.meta.dirname`)
 */
export function createConfig(tsconfigRootDir) {
  return tseslint.config(
    {
      ignores: [
        "dist/**",
        "coverage/**",
        "node_modules/**",
        ".stryker-tmp/**",
        "reports/**",
        "**/*.js",
        "**/*.mjs",
        "**/*.cjs",
      ],
    },
    eslint.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir },
      },
      rules: {
        "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports" }],
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "@typescript-eslint/only-throw-error": "error",
        "@typescript-eslint/require-await": "off",
        "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true }],
        // A function a reader can follow: longer ones are broken into named parts (tests are exempt, below).
        "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
      },
    },
    {
      files: ["**/*.test.ts", "**/*.test-d.ts", "**/test/**/*.ts", "**/testing/**/*.ts"],
      rules: {
        "@typescript-eslint/no-unsafe-assignment": "off",
        "@typescript-eslint/no-unsafe-member-access": "off",
        "@typescript-eslint/no-unsafe-call": "off",
        "@typescript-eslint/no-unsafe-argument": "off",
        "@typescript-eslint/no-non-null-assertion": "off",
        "@typescript-eslint/no-floating-promises": "off",
      },
    },
    {
      // Tests read as a list of cases; the helpers under testing/ (published to plugin authors) keep the limit.
      files: ["**/*.test.ts", "**/*.test.tsx", "**/*.test-d.ts", "**/test/**/*.ts", "**/test/**/*.tsx"],
      rules: { "max-lines-per-function": "off" },
    },
  );
}
