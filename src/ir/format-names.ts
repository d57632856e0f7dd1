/**
 * The dataset formats, as plain data: the IR's `FormatName` enum is built from this, and code that
 * only lists them (the CLI's option table) reads it without loading the schema library.
 */
export const FORMAT_NAME_LIST = ['rpaweb', 'mind2web', 'mt-mind2web', 'visualwebarena', 'babyagi', 'devtools-recorder'] as const;
