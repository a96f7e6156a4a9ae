// The skip link (web/base.html): "Skip to the content" moves the keyboard's focus to its target,
// <main id="main"> or the region a page names (the match page: your hand and moves, or the
// table), even where the target is not focusable by itself.
document.addEventListener("DOMContentLoaded", () => {
  const link = document.querySelector("a.skip-link");
  if (!link) return;
  link.addEventListener("click", (event) => {
    const target = document.getElementById(link.hash.slice(1));
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
    target.scrollIntoView({ block: "nearest" });
  });
});
