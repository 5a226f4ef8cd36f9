const unit = (yaml: string, id = "u") => ({ [`.units/${id}.md`]: `---\n${yaml}\n---\nbody\n` });
export const cases: [string, Record<string, string>][] = [
  [
    "action named actions",
    unit("name: A\ndescription: d\ncliTools:\n  actions:\n    actions:\n      command: ls"),
  ],
  [
    "plural child actions",
    unit(
      "name: A\ndescription: d\ncliTools:\n  git:\n    actions:\n      status:\n        command: git\n  actions:\n    actions:\n      run:\n        command: ls",
    ),
  ],
  [
    "plural only actions child",
    unit(
      "name: A\ndescription: d\ncliTools:\n  actions:\n    description: Runs things.\n    actions:\n      run:\n        command: ls",
    ),
  ],
];
