/**
 * Types for the two build packages that ship none: the parts of their APIs the pack pipeline
 * (scripts/packs.ts) and its tests call. Written by hand from the packages' own JSDoc.
 */

declare module "@foundryvtt/foundryvtt-cli" {
  /** What the CLI tells a transform about the entry it is packing or unpacking. */
  interface TransformerContext {
    documentType?: string;
  }
  type EntryTransformer = (
    entry: Record<string, unknown>,
    context?: TransformerContext,
  ) => Promise<false | undefined> | false | undefined;

  interface CompileOptions {
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    transformEntry?: EntryTransformer;
  }
  interface ExtractOptions {
    yaml?: boolean;
    log?: boolean;
    clean?: boolean;
    transformEntry?: EntryTransformer;
  }

  /** Compiles a folder of JSON or YAML documents into a LevelDB pack at `dest`. */
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  /** Writes every primary document of the LevelDB pack at `src` as a file into `dest`. */
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}

declare module "js-yaml" {
  /** Parses one YAML document (js-yaml's default schema). */
  export function load(text: string, options?: { filename?: string }): unknown;
}
