/** Route options shared by the social routes. */
export const AUTH = { config: { auth: true } } as const;
