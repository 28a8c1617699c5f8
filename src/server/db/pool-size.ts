/**
 * Connections each instance keeps to a PostgreSQL server (DATABASE_POOL_SIZE overrides it).
 * PostgreSQL does most work with about two busy connections per core of its server; more only
 * queue inside it. Ten suits one instance in front of a server of four to eight cores. Measured on
 * two cores (`npm run bench`, decision 010): 4 or 5 connections gave a lower p99 than 10 and, in
 * most runs, more orders a second, but not in every run; so the default stays, and a deployment on
 * a small server, or with many instances, sets it lower (the sum near twice the server's cores).
 */
export const DEFAULT_POOL_SIZE = 10;
