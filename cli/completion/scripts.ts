/**
 * The completion scripts. Each hands the words up to the cursor to `unitc __complete` and shows what
 * it prints (`value<TAB>description` lines, or `:files` for file names), so the logic lives once, in
 * `complete.ts`. The unitc they call is the typed path (`./node_modules/.bin/unitc …`), else for
 * `npx unitc …` the project's `./node_modules/.bin/unitc`, else the one on PATH; none, no candidates.
 */

/** The shells `unitc completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish", "powershell"] as const;
export type Shell = (typeof SHELLS)[number];

// COMP_WORDS up to COMP_CWORD (not the last word): completing in the middle of a line works. bash
// splits `--flag=value` at `=`; with the cursor right after `=` the word to complete is empty.
// After `npm i -D` there is no `unitc` on PATH: the line is `npx unitc …` or
// `./node_modules/.bin/unitc …`, so the script finds the project's unitc itself. It never runs npx,
// which could download and run a package on a TAB press.
const BASH = `# unitc completion for bash: source this file, or put it in bash-completion's folder.
_unitc_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmd="\${COMP_WORDS[0]}" first=1 cli=""
  if [[ "\${cmd##*/}" == "npx" ]]; then
    [[ "\${COMP_WORDS[1]}" == "unitc" && $COMP_CWORD -ge 2 ]] || return 0
    first=2
  fi
  if [[ $first == 1 && "$cmd" == */* ]]; then
    cli="$cmd"
  elif [[ $first == 1 ]] && command -v unitc >/dev/null 2>&1; then
    cli=unitc
  elif [[ -x ./node_modules/.bin/unitc ]]; then
    cli=./node_modules/.bin/unitc
  elif command -v unitc >/dev/null 2>&1; then
    cli=unitc
  fi
  [[ -n "$cli" ]] || return 0
  local -a words=("\${COMP_WORDS[@]:first:COMP_CWORD-first}")
  [[ "$cur" == "=" ]] && { words+=("="); cur=""; }
  local out line
  out=$("$cli" __complete -- "\${words[@]}" "$cur" 2>/dev/null) || return 0
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
complete -F _unitc_complete unitc ./node_modules/.bin/unitc
# npx runs other packages too: when the line is not \`npx unitc …\`, bash's file names stay.
complete -o default -F _unitc_complete npx
`;

const ZSH = `#compdef unitc npx
# unitc completion for zsh: put this file in a folder on $fpath as _unitc, or source it.
_unitc() {
  local out line cli="" first=2
  local -a candidates
  if [[ "\${words[1]:t}" == "npx" ]]; then
    if [[ "\${words[2]}" != "unitc" || $CURRENT -lt 3 ]]; then _default; return; fi
    first=3
  fi
  if [[ $first == 2 && "\${words[1]}" == */* ]]; then cli="\${words[1]}"
  elif [[ $first == 2 ]] && (( $+commands[unitc] )); then cli=unitc
  elif [[ -x ./node_modules/.bin/unitc ]]; then cli=./node_modules/.bin/unitc
  elif (( $+commands[unitc] )); then cli=unitc
  else return 1; fi
  out=$("$cli" __complete -- "\${(@)words[first,CURRENT]}" 2>/dev/null) || return 1
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
if [[ "$funcstack[1]" == "_unitc" ]]; then _unitc "$@"; else compdef _unitc unitc npx; fi
`;

const FISH = `# unitc completion for fish: put this file in ~/.config/fish/completions/unitc.fish.
function __unitc_complete
    set -l words (commandline -opc)
    set -l cli
    if test (string replace -r '.*/' '' -- $words[1]) = npx
        set -e words[1]
        if test -x ./node_modules/.bin/unitc
            set cli ./node_modules/.bin/unitc
        else if command -q unitc
            set cli unitc
        end
    else if string match -q -- '*/*' $words[1]
        set cli $words[1]
    else if command -q unitc
        set cli unitc
    else if test -x ./node_modules/.bin/unitc
        set cli ./node_modules/.bin/unitc
    end
    test -n "$cli"; or return
    set -e words[1]
    set -l current (commandline -ct)
    set -l out ($cli __complete -- $words $current 2>/dev/null)
    if test "$out" = ":files"
        __fish_complete_path $current
    else
        printf '%s\\n' $out
    end
end
# \`npx unitc …\`: only once unitc is the word after npx, so npx's other packages keep their files.
function __unitc_after_npx
    set -l words (commandline -opc)
    test (count $words) -ge 2; and test "$words[2]" = unitc
end
complete -c unitc -f -a '(__unitc_complete)'
complete -p '*/node_modules/.bin/unitc' -f -a '(__unitc_complete)'
complete -c npx -n __unitc_after_npx -f -a '(__unitc_complete)'
`;

const POWERSHELL = `# unitc completion for PowerShell: dot-source this file from your $PROFILE.
Register-ArgumentCompleter -Native -CommandName unitc, npx -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $skip = 1
    $cli = $null
    $local = @('./node_modules/.bin/unitc.cmd', './node_modules/.bin/unitc') | Where-Object { Test-Path $_ } |
        Select-Object -First 1
    $onPath = Get-Command unitc -CommandType Application -ErrorAction SilentlyContinue | Select-Object -First 1
    $first = $commandAst.CommandElements[0].ToString()
    if ((Split-Path -Leaf $first) -match '^npx(.cmd)?$') {
        $second = $commandAst.CommandElements[1]
        if (-not $second -or $second.ToString() -ne 'unitc' -or $second.Extent.EndOffset -ge $cursorPosition) { return }
        $skip = 2
        $cli = if ($local) { $local } elseif ($onPath) { $onPath.Source }
    } elseif ($onPath) { $cli = $onPath.Source } elseif ($local) { $cli = $local }
    if (-not $cli) { return }
    $words = @($commandAst.CommandElements | Select-Object -Skip $skip |
        Where-Object { $_.Extent.EndOffset -le $cursorPosition } | ForEach-Object { $_.ToString() })
    if ($wordToComplete -eq '') { $words += '' }
    $out = @(& $cli __complete -- @words 2>$null)
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
