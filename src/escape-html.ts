/**
 * Text as it stands in HTML or XML markup, inside an element or a double-quoted attribute:
 * `&`, `<`, `>` and `"` escaped. One function for every place that writes or searches for
 * markup text (a recorded value in a page, a secret's written forms, a marker in raw_html).
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
