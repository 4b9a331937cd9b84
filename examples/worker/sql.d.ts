/** SQL files imported as text: wrangler bundles `*.sql` with its Text module rule (the migrations of app.db). */
declare module '*.sql' {
  const text: string;
  export default text;
}
