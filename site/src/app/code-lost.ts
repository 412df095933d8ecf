/**
 * The built page is on screen but the app's code did not arrive: mobile data dropped between the
 * page and its scripts. The page reads as if it works, so it says that it does not yet, and offers
 * the reload that would fetch the code again (a failed `import()` is not refetched by every
 * browser). Plain DOM: React is what did not arrive.
 */
export function sayTheCodeWasLost(): void {
  if (document.getElementById("code-lost")) return;
  const notice = document.createElement("div");
  notice.id = "code-lost";
  notice.className = "code-lost";
  notice.setAttribute("role", "alert");
  const text = document.createElement("p");
  text.textContent = "This page did not finish loading, so its buttons do not work yet. Check your connection.";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "button button--primary";
  reload.textContent = "Reload the page";
  reload.addEventListener("click", () => location.reload());
  notice.append(text, reload);
  document.body.prepend(notice);
}
