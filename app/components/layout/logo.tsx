/** The site's mark (drawn by the stylesheet: `logo-mark` in app.css), in the text colour. */
export function LogoMark({ className }: { className?: string }) {
  return <span aria-hidden="true" className={`logo-mark ${className}`} />
}
