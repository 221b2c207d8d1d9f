// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Foundry globals that must never appear in the functional core. */
const FOUNDRY_GLOBALS = [
  "game",
  "CONFIG",
  "Hooks",
  "foundry",
  "ui",
  "canvas",
  "Roll",
  "Actor",
  "Item",
  "ChatMessage",
  "Combat",
  "Combatant",
  "CombatantGroup",
  "fromUuid",
  "fromUuidSync",
].map((name) => ({ name, message: "src/rules is pure: pass Foundry data in as arguments." }));

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test/browser/__output__/", "test/browser/foundry-helpers.js"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/rules/**/*.ts"],
    rules: { "no-restricted-globals": ["error", ...FOUNDRY_GLOBALS] },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
