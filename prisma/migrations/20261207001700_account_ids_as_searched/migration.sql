-- Account ids as searched, by one rule for every payable type (libs/domain normaliseAccountId): without
-- whitespace, hyphens and Unicode dashes, slashes, full stops and underscores; ASCII letters in capitals
-- (translate, not upper: the same whatever the database's locale). Before, tenancy ids were lower-cased and
-- booking, engineering, market bill and local government charge ids kept their separators, so an id typed with
-- other separators or case was not found. The payment items' copy of the id is rewritten too: staff find
-- payments by an id normalised the same way.
-- Not additive: a version before this one searches by the old forms.
UPDATE "Payable"
SET "accountNo" = translate(
  regexp_replace("accountNo", '[[:space:]/._\u2010-\u2015\u2212-]', '', 'g'),
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
)
WHERE "accountNo" ~ '[[:space:]/._\u2010-\u2015\u2212a-z-]';

UPDATE "PaymentItem"
SET "accountNo" = translate(
  regexp_replace("accountNo", '[[:space:]/._\u2010-\u2015\u2212-]', '', 'g'),
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
)
WHERE "accountNo" ~ '[[:space:]/._\u2010-\u2015\u2212a-z-]';
