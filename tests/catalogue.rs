use dratp::rules::catalogue::BUILTIN_TEXT;
use dratp::rules::Catalogue;
#[test]
fn smoke() {
    let c = Catalogue::parse(BUILTIN_TEXT).unwrap();
    println!("{}", c.to_text());
    let extra = include_str!("data/extra.cat");
    Catalogue::parse(&format!("{BUILTIN_TEXT}\n{extra}")).unwrap();
}
