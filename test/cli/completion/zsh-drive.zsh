# Types a line into a real interactive zsh in a pseudo-terminal (zsh/zpty), presses Tab twice, and
# prints what the terminal showed once it matches PATTERN (a zsh glob), or after 15 seconds.
# Usage: zsh -f zsh-drive.zsh FPATH_DIR LINE PATTERN
zmodload zsh/zpty || exit 2
local dir=$1 line=$2 pattern=$3 out chunk
zpty shell 'zsh -f -i'

# Reads the terminal until its output matches $1 or 15 seconds pass.
read_until() {
  local deadline=$(( SECONDS + 15 ))
  while (( SECONDS < deadline )); do
    if zpty -r -t shell chunk; then out+=$chunk; [[ $out == $~1 ]] && return 0; else sleep 0.05; fi
  done
  return 1
}

zpty -w shell "PS1='> '; fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -D; print -r -- RE''ADY"
read_until '*READY*' || { print -r -- "zsh did not start: $out"; exit 1; }
out=''
zpty -w -n shell "$line"$'\t'
read_until "$pattern" || { zpty -w -n shell $'\t'; read_until "$pattern"; }
print -r -- "$out"
zpty -d shell
