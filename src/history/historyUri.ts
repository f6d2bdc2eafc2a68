/** The read-only scheme under which local-history versions are served, only under a grant (SPEC §3). */
export const HISTORY_SCHEME = 'history';
