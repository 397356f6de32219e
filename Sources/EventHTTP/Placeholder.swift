import CLibevent
public enum EventHTTPPlaceholder {}
