//! `wodds completions SHELL` and `wodds man`: shell completions
//! (clap_complete) and man pages (clap_mangen), made from the same
//! definitions as the command line, so they never drift from it.

use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{Args, Command};
use clap_complete::Shell;

use crate::output::{Output, emit};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds completions bash > ~/.local/share/bash-completion/completions/wodds\n  \
    wodds completions zsh > ~/.zfunc/_wodds\n  \
    wodds completions fish > ~/.config/fish/completions/wodds.fish")]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh.
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds man | man -l -\n  \
    wodds man --out share/man/man1   # wodds.1 and a page for every subcommand")]
pub struct ManArgs {
    /// Write wodds.1 and a page for every subcommand (wodds-run.1,
    /// wodds-action-extended.1, ...) into this directory (made if missing;
    /// each page written whole), instead of wodds.1 to stdout.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn completions(args: &CompletionsArgs, mut cmd: Command) -> anyhow::Result<()> {
    let name = cmd.get_name().to_string();
    // Made in memory first: clap_complete panics on a write error (a
    // closed pipe), wodds's output does not.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, name, &mut script);
    emit(None, |out| out.write_all(&script))
}

/// Every page: the command's, then each subcommand's (`wodds-rules-show`),
/// depth first.
fn pages(cmd: &Command, prefix: &str, into: &mut Vec<(String, Command)>) {
    let name = if prefix.is_empty() {
        cmd.get_name().to_string()
    } else {
        format!("{prefix}-{}", cmd.get_name())
    };
    let page = cmd
        .clone()
        .name(name.clone())
        .bin_name(name.replace('-', " "));
    into.push((name.clone(), page));
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        pages(sub, &name, into);
    }
}

fn render(cmd: &Command) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut bytes)?;
    Ok(bytes)
}

pub fn man(args: &ManArgs, cmd: Command) -> anyhow::Result<()> {
    // The pages name the version alone, not the commit `--version` shows:
    // a release's pages (crates/cli/share) change only with the command
    // line.
    let version = env!("CARGO_PKG_VERSION");
    let mut cmd = cmd.version(version).long_version(version);
    cmd.build();
    let Some(dir) = &args.out else {
        let page = render(&cmd)?;
        return emit(None, |out| out.write_all(&page));
    };
    if dir.exists() && !dir.is_dir() {
        bail!("--out {}: is a file; give a directory", dir.display());
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--out {}: cannot make the directory", dir.display()))?;
    let mut all = Vec::new();
    pages(&cmd, "", &mut all);
    // Every page made before any is written.
    let rendered: Vec<(PathBuf, Vec<u8>)> = all
        .iter()
        .map(|(name, page)| Ok((dir.join(format!("{name}.1")), render(page)?)))
        .collect::<std::io::Result<_>>()?;
    for (path, bytes) in &rendered {
        Output::prepare_as("--out", Some(path), &[])?.write(|out| out.write_all(bytes))?;
    }
    println!("{} man pages written to {}", rendered.len(), dir.display());
    Ok(())
}
