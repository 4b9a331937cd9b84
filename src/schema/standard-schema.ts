/*
 * The Standard Schema v1 interface (https://standardschema.dev), with the Standard JSON Schema converter its
 * libraries may add. Copied rather than imported from `@standard-schema/spec`, as the spec's authors recommend: it is
 * types only, and fw's published declarations must not name a package its users may not have installed.
 */

/** A Standard Schema v1 value (zod, valibot, arktype): validation through `~standard.validate`, types through `~standard.types`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  /** The `~standard` properties. */
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: Options) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
    /** The Standard JSON Schema extension (zod 4; valibot through `@valibot/to-json-schema`'s `toStandardJsonSchema`). */
    readonly jsonSchema?: JSONSchemaConverter | undefined;
  }
  /** Vendor options of one `validate` call. */
  interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One failure: its message and where in the value (keys, or `{ key }` segments). */
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  /** The Standard JSON Schema converter: input and output JSON Schema for a target (may throw when unsupported). */
  interface JSONSchemaConverter {
    readonly input: (options: JSONSchemaOptions) => Record<string, unknown>;
    readonly output: (options: JSONSchemaOptions) => Record<string, unknown>;
  }
  interface JSONSchemaOptions {
    readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}

/** Whether a value claims to be a Standard Schema (an object or function with a `~standard` property); see `standardSchemaProblem`. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && '~standard' in value;
}

/** What is wrong with a value that claims to be a Standard Schema (null when it is a usable v1 schema). */
export function standardSchemaProblem(value: StandardSchemaV1): string | null {
  const props = value['~standard'] as Partial<StandardSchemaV1.Props> | null;
  if (props === null || typeof props !== 'object')
    return 'has a "~standard" property that is not an object: fw runs Standard Schema v1 values';
  if (props.version !== 1)
    return `is a Standard Schema of version ${JSON.stringify(props.version)}: fw runs version 1 (update the schema library)`;
  if (typeof props.validate !== 'function') return 'is a Standard Schema without a "~standard.validate" function';
  return null;
}
