// Global stylesheets imported for their side effect (tokens.css, a screen's global rules);
// CSS modules have their own typed declaration in @campus/ui.
declare module '*.css';
