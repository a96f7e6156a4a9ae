// The Play form: show only the options of the chosen game, and link to that game's rules.
// Without this script every group shows, each marked with its game (progressive enhancement).
const form = document.querySelector(".play-form");
const game = form?.querySelector("select[name=game]");
const labelsElement = document.getElementById("rules-labels");
const labels = labelsElement ? JSON.parse(labelsElement.textContent) : {};
const rulesLink = document.getElementById("rules-link");

function showChosen() {
  const chosen = game.value;
  for (const group of form.querySelectorAll("[data-option-group]")) {
    const shown = group.dataset.games.split(" ").includes(chosen);
    group.hidden = !shown;
    // Hidden fields are not sent: the server reads only the chosen game's options anyway.
    for (const field of group.querySelectorAll("input, select")) field.disabled = !shown;
  }
  if (rulesLink && labels[chosen]) {
    rulesLink.href = `/rules/${chosen}/`;
    rulesLink.textContent = labels[chosen];
  }
}

if (form && game) {
  game.addEventListener("change", showChosen);
  showChosen();
}
