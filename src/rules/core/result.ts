/**
 * Success or refusal, as data. Rules functions never throw for bad input: they return a refusal
 * with a reason code that the shell localizes, and change nothing.
 */
export type Refusal<R extends string = string> = {
  readonly ok: false;
  readonly reason: R;
  /** Optional facts that help the shell word the message (costs, names …). */
  readonly detail?: Readonly<Record<string, string | number | boolean>>;
};

export type Success<T> = { readonly ok: true; readonly value: T };

export type Result<T, R extends string = string> = Success<T> | Refusal<R>;

export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}

export function refuse<R extends string>(
  reason: R,
  detail?: Readonly<Record<string, string | number | boolean>>,
): Refusal<R> {
  return detail === undefined ? { ok: false, reason } : { ok: false, reason, detail };
}
