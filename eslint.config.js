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
  {
    ignores: [
      "dist/",
      "node_modules/",
      "test/browser/__output__/",
      "test/browser/foundry-helpers.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    // Every TypeScript file, tests included, gets the type-aware rules: in a test a floating
    // promise or an `any` from a fake hides a failure as surely as in the shell. Their cost is
    // building and checking the program, not the rules (turning the costliest rule off moved its
    // time to the next one), so npm test pays it once: scripts/check.mjs hands this config the
    // program it type-checks instead of the project service building a second one.
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Foundry swaps document classes at run time (CONFIG.Actor.documentClass); the rule cannot
      // see that a FrayActor is the configured Actor and flags every document passed to core.
      "@typescript-eslint/no-unsafe-class-instance-assignment": "off",
    },
  },
  {
    // The fake mirrors Foundry's API, async signatures and empty placeholder classes included.
    files: ["test/fake-foundry/**/*.ts"],
    rules: {
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-extraneous-class": "off",
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
