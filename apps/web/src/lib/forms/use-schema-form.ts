import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api-client';
import { hasFieldErrors, translateValidationMessage } from '../api-errors';

/**
 * The first message per field of a failed schema check, by the field's path (`lines_data.0.quantity`), still
 * in the contract's English: the form translates when it renders, so that switching the language also
 * switches the messages already on screen.
 */
export function issuesByPath(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    result[path] ??= issue.message;
  }
  return result;
}

/** The keys of the form's values that hold text: the ones `bind` can wire to an input. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface SchemaFormOptions<V, S extends z.ZodType> {
  /** The contract's schema of what the form sends: the same check the server makes, with its messages. */
  schema: S;
  initialValues: V | (() => V);
  /** What the schema checks, from the form's values; the values themselves unless stated. */
  toInput?: (values: V) => unknown;
  /**
   * Sends what passed the check. Whatever it throws is kept as `submitError`: the server's messages per
   * field show on their fields, the rest is for the form to say.
   */
  onSubmit: (data: z.output<S>, values: V) => Promise<unknown> | unknown;
  /** Called with what `onSubmit` threw, after the form has kept it. */
  onError?: (error: unknown) => void;
}

export interface SchemaForm<V> {
  values: V;
  /** Sets one value; the same function from render to render. */
  setValue: <K extends keyof V>(field: K, value: V[K]) => void;
  /** Changes several values from the current ones; the same function from render to render. */
  updateValues: (update: (current: V) => V) => void;
  /** The props of a text input for one field: name, value, change handler and message. */
  bind: <K extends TextField<V>>(
    field: K,
  ) => {
    name: K;
    value: string;
    onChange: (event: { currentTarget: { value: string } }) => void;
    error: string | undefined;
  };
  /**
   * The message under a field, in the page language: the form's own check first, then the server's answer
   * to the last submission. The same function until either changes.
   */
  errorFor: (path: string) => string | undefined;
  /** Checks, then sends; true when the submission went through. */
  submit: () => Promise<boolean>;
  /** `submit` for a form element's onSubmit. */
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isSubmitting: boolean;
  /** What the last submission threw, until the next one. */
  submitError: unknown;
  /** Whether the server's answer named fields: the form shows them there rather than in one sentence. */
  hasServerFieldErrors: boolean;
}

/** The state of a form checked with a contract schema before it is sent, and of the server's answer. */
export function useSchemaForm<V, S extends z.ZodType>(options: SchemaFormOptions<V, S>): SchemaForm<V> {
  const { t } = useTranslation('errors');
  const [values, setValues] = useState<V>(options.initialValues);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const setValue = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const serverErrors = submitError instanceof ApiError ? submitError.fieldErrors : null;
  const errorFor = useCallback(
    (path: string): string | undefined => {
      const client = clientErrors[path];
      if (client) return translateValidationMessage(client, t);
      const server = serverErrors?.[path];
      if (!server || server.length === 0) return undefined;
      return server.map((message) => translateValidationMessage(message, t)).join(t('errors:listSeparator'));
    },
    [clientErrors, serverErrors, t],
  );

  async function submit(): Promise<boolean> {
    setSubmitError(null);
    const parsed = options.schema.safeParse(options.toInput ? options.toInput(values) : values);
    if (!parsed.success) {
      setClientErrors(issuesByPath(parsed.error));
      return false;
    }
    setClientErrors({});
    setSubmitting(true);
    try {
      await options.onSubmit(parsed.data, values);
      return true;
    } catch (error) {
      setSubmitError(error);
      options.onError?.(error);
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return {
    values,
    setValue,
    updateValues: setValues,
    bind: (field) => ({
      name: field,
      value: values[field] as string,
      onChange: (event) => setValue(field, event.currentTarget.value as V[typeof field]),
      error: errorFor(field),
    }),
    errorFor,
    submit,
    handleSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
    isSubmitting,
    submitError,
    hasServerFieldErrors: hasFieldErrors(submitError),
  };
}
