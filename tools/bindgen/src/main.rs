//! `ryg-bindgen WASM OUT_DIR`: the JavaScript glue and the final module of ryg's engine, as
//! `wasm-bindgen --target no-modules --no-typescript --remove-name-section
//! --remove-producers-section --out-name ryg` makes them (scripts/build-static calls it).
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--version") {
        println!("ryg-bindgen (wasm-bindgen {})", env!("WASM_BINDGEN_VERSION"));
        return ExitCode::SUCCESS;
    }
    let [input, out_dir] = args.as_slice() else {
        eprintln!("usage: ryg-bindgen MODULE.wasm OUT_DIR");
        return ExitCode::from(2);
    };
    let made = Bindgen::new().input_path(input).no_modules(true).map(|b| {
        b.typescript(false)
            .remove_name_section(true)
            .remove_producers_section(true)
            // as the CLI: the glue finds ryg_bg.wasm beside itself when given no address
            .omit_default_module_path(false)
            .out_name("ryg")
            .generate(out_dir)
    });
    match made {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) | Err(e) => {
            eprintln!("ryg-bindgen: {e:#}");
            ExitCode::FAILURE
        }
    }
}
