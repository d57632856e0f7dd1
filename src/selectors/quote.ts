// How Playwright writes a value inside a selector part (its `escapeForTextSelector` and
// `escapeForAttributeSelector`): the suffix `s` is an exact match, `i` a case-insensitive one.
// Decoders build selectors with these, and export checks a translation against them.

/** A text value, as `getByText`/`getByLabel` write it: `"Submit"i`. */
export function textValue(text: string, exact: boolean): string {
  return `${JSON.stringify(text)}${exact ? 's' : 'i'}`;
}

/** An attribute value, as `getByRole`/`getByPlaceholder`/… write it: `"Sign in"i`. */
export function attrValue(value: string, exact: boolean): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"${exact ? 's' : 'i'}`;
}
