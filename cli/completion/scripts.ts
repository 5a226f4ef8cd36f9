/**
 * The completion scripts. Each hands the words up to the cursor to `unitc __complete` and shows what
 * it prints (`value<TAB>description` lines, or `:files` for file names), so the logic lives once, in
 * `complete.ts`.
 */

/** The shells `unitc completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish", "powershell"] as const;
export type Shell = (typeof SHELLS)[number];

// COMP_WORDS up to COMP_CWORD (not the last word): completing in the middle of a line works. bash
// splits `--flag=value` at `=`; with the cursor right after `=` the word to complete is empty.
const BASH = `# unitc completion for bash: source this file, or put it in bash-completion's folder.
_unitc_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local -a words=("\${COMP_WORDS[@]:1:COMP_CWORD-1}")
  [[ "$cur" == "=" ]] && { words+=("="); cur=""; }
  local out line
  out=$(unitc __complete -- "\${words[@]}" "$cur" 2>/dev/null) || return 0
  COMPREPLY=()
  if [[ "$out" == ":files" ]]; then
    compopt -o filenames 2>/dev/null
    while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur")
    return 0
  fi
  while IFS= read -r line; do
    [[ -n "$line" ]] && COMPREPLY+=("\${line%%$'\\t'*}")
  done <<< "$out"
}
complete -F _unitc_complete unitc
`;

const ZSH = `#compdef unitc
# unitc completion for zsh: put this file in a folder on $fpath as _unitc, or source it.
_unitc() {
  local out line
  local -a candidates
  out=$(unitc __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
  if [[ "$out" == ":files" ]]; then _files; return; fi
  for line in "\${(@f)out}"; do
    [[ -z "$line" ]] && continue
    if [[ "$line" == *$'\\t'* ]]; then
      candidates+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
    else
      candidates+=("\${line//:/\\\\:}")
    fi
  done
  _describe -t values unitc candidates
}
if [[ "$funcstack[1]" == "_unitc" ]]; then _unitc "$@"; else compdef _unitc unitc; fi
`;

const FISH = `# unitc completion for fish: put this file in ~/.config/fish/completions/unitc.fish.
function __unitc_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l current (commandline -ct)
    set -l out (unitc __complete -- $words $current 2>/dev/null)
    if test "$out" = ":files"
        __fish_complete_path $current
    else
        printf '%s\\n' $out
    end
end
complete -c unitc -f -a '(__unitc_complete)'
`;

const POWERSHELL = `# unitc completion for PowerShell: dot-source this file from your $PROFILE.
Register-ArgumentCompleter -Native -CommandName unitc -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $words = @($commandAst.CommandElements | Select-Object -Skip 1 |
        Where-Object { $_.Extent.EndOffset -le $cursorPosition } | ForEach-Object { $_.ToString() })
    if ($wordToComplete -eq '') { $words += '' }
    $out = @(& unitc __complete -- @words 2>$null)
    if ($out.Count -eq 1 -and $out[0] -eq ':files') {
        Get-ChildItem -Path "$wordToComplete*" | ForEach-Object {
            [System.Management.Automation.CompletionResult]::new($_.Name, $_.Name, 'ProviderItem', $_.Name)
        }
        return
    }
    foreach ($line in $out) {
        $value, $description = $line -split "\`t", 2
        if (-not $description) { $description = $value }
        [System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $description)
    }
}
`;

const SCRIPTS: Record<Shell, string> = { bash: BASH, zsh: ZSH, fish: FISH, powershell: POWERSHELL };

/** The completion script of a shell. */
export function completionScript(shell: Shell): string {
  return SCRIPTS[shell];
}
