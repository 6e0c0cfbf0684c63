/**
 * react-admin's own messages (buttons, pagination, notifications ...) in its polyglot form: `%{name}`
 * placeholders, and `singular |||| plural` where a language has two forms. The keys are those of react-admin's
 * English pack (ra-language-english), which the console checks against these.
 */
export interface ReactAdminMessages {
  ra: { [group: string]: MessageTree };
}

export interface MessageTree {
  [key: string]: string | MessageTree;
}
