/// The man page's sections after the commands; each points at the README section that
/// says more.
enum ManualSections {
    static let all: [(title: String, text: String)] = [
        ("Configuration file", """
            Options may also come from /etc/eventsuggest.conf, then from --config FILE, else
            $XDG_CONFIG_HOME/eventsuggest/config, else ~/.config/eventsuggest/config. One
            'option value' per line with the long options' names, a switch alone or with yes or
            no, # comments; ~ and $HOME are expanded in paths. A later file wins over an earlier
            one and the command line over both; --no-SWITCH turns off a switch a file turned
            on. Options of other commands are skipped, so one file serves filter and scan.
            See the README, section "Configuration file".
            """),
        ("Exit status", """
            0 ok; 1 findings (lint errors, verify with no passing signature) or an input that
            could not be read; 2 usage error; 75 (EX_TEMPFAIL) temporary failure in filter
            mode; 130 and 143 after SIGINT and SIGTERM. See the README, section "Exit status".
            """),
        ("Files", """
            /etc/eventsuggest.conf, ~/.config/eventsuggest/config: configuration.
            /usr/share/publicsuffix/public_suffix_list.dat: the default --psl.
            """),
        ("See also", """
            procmail(1), maildrop(1); the README of eventsuggest, sections "Two commands",
            "Options of filter and scan", "The calendar folder" and "Limits".
            """),
    ]
}
