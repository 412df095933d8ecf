/**
 * The form of every id Vox makes (`crypto.randomUUID()`), lowercase. A path or header that does not
 * match it names nothing, so it is refused or ignored before any lookup.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
